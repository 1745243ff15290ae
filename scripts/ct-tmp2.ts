import { CensusSplit } from "../src/census/split.js";
import { Board } from "../src/core/index.js";
const s = new CensusSplit(new Board(8, 8), "edge");
console.log(s.subproblems().filter((e) => ["CCCECECE", "CCCECCGE", "EGEGEGEG"].includes(e.name)));
const r = new CensusSplit(new Board(8, 8), "ring");
console.log(r.subproblems().filter((e) => ["wxwxwxwx", "iJiJiJiJ", "DkiJwgFg"].includes(e.name)), new Set(r.subproblems().map(e=>e.name[0])), r.excluded("BJDJDJDJ"));
