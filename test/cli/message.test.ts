import { describe, expect, it } from "vitest";
import { quoteValue, tidyMessage } from "../../src/cli/message.js";

describe("tidyMessage", () => {
  it("leaves ordinary messages alone", () => {
    const text =
      "option '-f, --format <format>' argument 'yaml' is invalid. --format must be one of grid, json, algebraic, bin, svg, png, ansi; got 'yaml'";
    expect(tidyMessage(text)).toBe(text);
  });

  it("cuts a long quoted value and says how long it was", () => {
    const message = tidyMessage(`bad board '${"q".repeat(5000)}': expected N or RxC`);
    expect(message).toBe(`bad board '${"q".repeat(40)}…' (5000 characters): expected N or RxC`);
    expect(tidyMessage(`got "${"5".repeat(100)}"`)).toBe(
      `got "${"5".repeat(40)}…" (100 characters)`,
    );
  });

  it("escapes control characters so a message cannot rewrite the terminal", () => {
    expect(tidyMessage("line 1: '\u0000\u001b[31mx' has")).toBe(
      "line 1: '\\u0000\\u001b[31mx' has",
    );
  });

  it("cuts an over-long line", () => {
    const message = tidyMessage("x".repeat(1000));
    expect(message).toBe(`${"x".repeat(400)}… (600 more characters)`);
  });
});

describe("quoteValue", () => {
  it("quotes, escapes and cuts", () => {
    expect(quoteValue("a1")).toBe("'a1'");
    expect(quoteValue("\u0007")).toBe("'\\u0007'");
    expect(quoteValue("z".repeat(61))).toBe(`'${"z".repeat(40)}…' (61 characters)`);
  });
});

describe("commander's messages", () => {
  it("name the command, like every other message of it", async () => {
    const { runCli } = await import("../helpers/cli.js");
    const result = await runCli(["tour", "5", "--seed", "x"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^knight tour: option '--seed <n>' argument 'x' is invalid/);
  });
});
