// Knight's tour puzzles (knight puzzle new / solve): for each board and difficulty, a set of
// generated puzzles (seeds 1..SET) is made in setup, timing each generation and counting the
// uniqueness checks that needed a search after the rules; the case times solving the whole
// set (solvePuzzle, counting to 2, as `knight puzzle solve` does), and its note gives the
// per-puzzle figures: solve median and worst, generation median and worst, checks searched.
//   npm run bench -- --group "puzzle 10x10" --merge

import { Board, generatePuzzle, solvePuzzle } from "../../dist/index.js";

const SET = 10;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function makeSet(board, difficulty) {
  const made = [];
  const generation = [];
  let checks = 0;
  let searched = 0;
  for (let seed = 1; seed <= SET; seed++) {
    const began = performance.now();
    const one = generatePuzzle(board, { seed, difficulty });
    generation.push(performance.now() - began);
    if (one.difficulty !== difficulty) throw new Error(`seed ${seed}: ${one.difficulty}`);
    checks += one.checks;
    searched += one.searched;
    made.push(one);
  }
  const solveTimes = made.map((one) => {
    const began = performance.now();
    const result = solvePuzzle(one.puzzle);
    const took = performance.now() - began;
    if (!result.unique) throw new Error("a generated puzzle is not unique");
    return took;
  });
  const clues = made.map((one) => one.clues);
  const note = `${SET} puzzles, ${Math.min(...clues)}–${Math.max(...clues)} clues; solve median ${ms(median(solveTimes))}, worst ${ms(Math.max(...solveTimes))}; generation median ${ms(median(generation))}, worst ${ms(Math.max(...generation))}; ${((100 * searched) / checks).toFixed(0)}% of ${checks} uniqueness checks needed search`;
  return { puzzles: made.map((one) => one.puzzle), note };
}

function group(size) {
  const board = new Board(size, size);
  return ["easy", "medium", "hard"].map((difficulty) => ({
    group: `puzzle ${size}x${size}`,
    name: `solve ${SET} generated ${difficulty} puzzles`,
    setup: () => makeSet(board, difficulty),
    fn: ({ puzzles }) => {
      for (const puzzle of puzzles) {
        if (!solvePuzzle(puzzle).unique) throw new Error("not unique");
      }
    },
    note: (state) => state.note,
    quick: size === 8,
  }));
}

export default [...group(8), ...group(10)];
