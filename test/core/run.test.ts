import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/core/errors.js";
import { Budget, checkLimits, type Progress } from "../../src/core/run.js";

describe("Budget.start(limits) and check(nodes)", () => {
  it("answers null while within the limits, and never stops without any", () => {
    const budget = Budget.start({});
    expect(budget.check(1e12)).toBeNull();
    expect(budget.stopped).toBeNull();
  });

  it("stops with 'limit' at the node limit, and a zero limit stops at the first check", () => {
    const budget = Budget.start({ nodeLimit: 10 });
    expect(budget.check(9)).toBeNull();
    expect(budget.check(10)).toBe("limit");
    expect(budget.reason).toBe("the node limit of 10 was reached");
    expect(Budget.start({ nodeLimit: 0 }).check(0)).toBe("limit");
    expect(Budget.start({ timeLimitMs: 0 }).check(0)).toBe("limit");
  });

  it("stops with 'limit' when the time limit runs out, measured from `began`", () => {
    const budget = Budget.start({ timeLimitMs: 50 }, undefined, performance.now() - 100);
    expect(budget.check(0)).toBe("limit");
    expect(budget.reason).toBe("the time limit of 50 ms ran out");
  });

  it("stops with 'aborted' when the signal fires, before any other reason", () => {
    const controller = new AbortController();
    const budget = Budget.start({ signal: controller.signal, nodeLimit: 0 });
    controller.abort();
    expect(budget.check(5)).toBe("aborted");
    expect(budget.shouldStop()).toBe(true);
  });

  it("keeps its first answer: a stopped run stays stopped", () => {
    const budget = Budget.start({ nodeLimit: 3 });
    expect(budget.check(3)).toBe("limit");
    expect(budget.check(0)).toBe("limit");
  });

  it("is shared by a nested run: the caller's budget is returned and finished nodes count", () => {
    const outer = Budget.start({ nodeLimit: 100 });
    const inner = Budget.start({ budget: outer, nodeLimit: 1 });
    expect(inner).toBe(outer);
    outer.spend(60);
    expect(outer.spentNodes).toBe(60);
    expect(inner.check(39)).toBeNull();
    expect(inner.check(40)).toBe("limit");
  });

  it("reports progress through the owner's payload builder, no more often than it is due", () => {
    const seen: (Progress & { extra: string })[] = [];
    const budget = Budget.start<Progress & { extra: string }>(
      { onProgress: (progress) => seen.push(progress) },
      (nodes, ms) => ({ nodes, ms, extra: "x" }),
      performance.now() - 1_000,
    );
    expect(budget.check(7)).toBeNull();
    expect(budget.check(8)).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.nodes).toBe(7);
    expect(seen[0]?.extra).toBe("x");
    expect(seen[0]?.ms).toBeGreaterThanOrEqual(1_000);
  });

  it("refuses negative or non-numeric limits by name (BAD_OPTION)", () => {
    expect(() => Budget.start({ nodeLimit: -1 })).toThrow("nodeLimit must be zero or a positive");
    expect(() => checkLimits({ timeLimitMs: Number.NaN })).toThrow(
      expect.objectContaining({ code: ErrorCode.BadOption }),
    );
    expect(() => checkLimits({ maxSolutions: -2 })).toThrow("maxSolutions");
  });
});
