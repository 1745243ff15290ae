#!/usr/bin/env node
// The `knight` command. The TypeScript sources are compiled to dist/ by `npm run build`
// (part of `npm start` and `npm test`).
import "../dist/cli/main.js";
