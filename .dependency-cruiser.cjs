// The house plan, checked by `npm run lint` (dependency-cruiser). docs/architecture.md draws it.
//
// Library layers, bottom-up: a folder may import its own files and the folders below it, never
// one above. `solve` sits above `cover` and `construct` because its dispatcher offers both as
// methods (`dlx`, `construct`); they get what they need from solve as parameters, never imports.
// `count` sits above `census` (and the `symmetry` and `stats` the census uses) for the same
// reason: its dispatcher offers the census engine as a counting method (`census`).
const LAYERS = [
  "core",
  "theory",
  "cover",
  "construct",
  "solve",
  "symmetry",
  "stats",
  "census",
  "count",
  "sample",
  "play",
  "puzzle",
  "render",
  "node",
  "cli",
];

const folder = (name) => `^src/${name}/`;

/** One rule per layer: nothing in it imports a layer above it. */
const upwardImports = LAYERS.slice(0, -1).map((name, at) => ({
  name: `layer-${name}`,
  comment: `${name}/ sits below ${LAYERS.slice(at + 1).join(", ")}: it must not import them`,
  severity: "error",
  from: { path: folder(name) },
  to: { path: `^src/(${LAYERS.slice(at + 1).join("|")})/` },
}));

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment:
        "A runtime import cycle makes load order matter and layers meaningless (a cycle of " +
        "type-only imports is erased at compile time and allowed)",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    ...upwardImports,
    {
      name: "narrow-imports",
      comment:
        "A module imports each name from the module that defines it, never through an index.ts " +
        "or engines.ts of re-exports: a re-export file loads its whole folder (or library), so a " +
        "command that needs one function would pay for every engine at start-up",
      severity: "error",
      from: { path: "^src/" },
      to: { path: ["^src/(index|engines)\\.ts$", "^src/.*/index\\.ts$"] },
    },
    {
      name: "library-runs-in-browsers",
      comment:
        "The library below node/ has no runtime dependencies and no Node-only modules: it runs in browsers",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/(node|cli)/"] },
      to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg"] },
    },
    {
      name: "web-uses-the-library",
      comment: "The page imports the library's public entry, never its folders",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^src/", pathNot: ["^src/index\\.ts$", "^src/engines\\.ts$"] },
    },
    {
      name: "no-orphans",
      comment: "A module nothing imports is dead code (knip reports unused exports too)",
      severity: "error",
      from: {
        orphan: true,
        // The public entries, and each folder's index.ts: re-exports for tests, scripts and
        // readers (narrow-imports keeps the library's own modules away from them).
        pathNot: ["\\.d\\.ts$", "^src/(index|engines)\\.ts$", "^src/.*/index\\.ts$"],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(src|web)/",
    exclude: { path: "^web/(dist|vite\\.config\\.ts)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js"],
    },
  },
};
