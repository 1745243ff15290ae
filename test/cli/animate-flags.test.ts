import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// Two flags, two meanings: `knight tour --animate` plays the tour on the terminal and
// `knight render --animated` writes an SVG whose path draws itself. Neither command takes the
// other's spelling (an alias would make one spelling mean different things on different
// commands); the wrong one is refused with exit 2 and commander's suggestion of the right one.
const TOUR_5 =
  '{"rows":5,"cols":5,"closed":false,"path":[[0,0],[2,1],[4,0],[3,2],[4,4],[2,3],[0,4],[1,2],[2,4],[0,3],[1,1],[3,0],[4,2],[3,4],[1,3],[0,1],[2,0],[4,1],[3,3],[1,4],[0,2],[1,0],[3,1],[4,3],[2,2]]}';

describe("--animate (terminal) and --animated (SVG)", () => {
  it("render --animated writes an animated SVG", async () => {
    const result = await runCli(["render", "t.json", "--animated"], {
      files: { "t.json": TOUR_5 },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("<animate");
  });

  it("render --animate is refused, pointing to --animated", async () => {
    const result = await runCli(["render", "t.json", "--animate"], { files: { "t.json": TOUR_5 } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/unknown option '--animate'[\s\S]*Did you mean --animated\?/);
  });

  it("tour --animated is refused, pointing to --animate", async () => {
    const result = await runCli(["tour", "5", "--format", "svg", "--animated"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/unknown option '--animated'[\s\S]*Did you mean --animate\?/);
  });
});
