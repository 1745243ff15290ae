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
      name: "front-doors",
      comment:
        "A folder is entered through its index.ts (its front door of re-exports); reaching into " +
        "another folder's files couples to its internals",
      severity: "error",
      from: { path: "^src/([^/]+)/" },
      to: { path: "^src/[^/]+/", pathNot: ["^src/$1/", "^src/[^/]+/index\\.ts$"] },
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
        pathNot: ["\\.d\\.ts$", "^src/index\\.ts$", "^src/engines\\.ts$", "^src/node/index\\.ts$"],
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
