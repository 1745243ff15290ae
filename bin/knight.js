#!/usr/bin/env node
// The `knight` command. The TypeScript sources are compiled to dist/ by `npm run build`
// (part of `npm start` and `npm test`).
import { setFlagsFromString } from "node:v8";

// Two V8 heuristics, set before any of the CLI's code runs. They change when V8 optimises a
// function and how far its young generation grows, never what the code computes:
// - a function is optimised after about 15 times V8's default budget of bytecode, so code that
//   runs for milliseconds (parsing the command line, planning a tour's blocks) stays in the
//   baseline tiers and only the loops that run for long are compiled by the optimiser (whose
//   working memory is what a short run's peak is made of);
// - the young generation keeps its first size instead of doubling when a burst of allocation
//   fills it.
// Together they take ~4 MiB off the peak of a process that streams a tour: `knight tour 10000
// --closed --format bin --out FILE` (10⁸ cells) peaked at 60–62 MiB without them and at
// 56.6–57.2 MiB with them, in the same CPU time; counts and samples took the same time too.
setFlagsFromString("--interrupt-budget=1000000");
setFlagsFromString("--semi-space-growth-factor=1");
// Imported only now: a static import would run the CLI's modules before the flags are set.
await import("../dist/cli/main.js");
