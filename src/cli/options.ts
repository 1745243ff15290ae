import { InvalidArgumentError } from "commander";
import type { Board } from "../core/board.js";
import { formatCell, parseCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { moveName } from "../core/validate.js";

/** Commander argument parsers: each names the value and what is allowed. */

export function positiveInteger(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${name} must be a positive integer, got '${value}'`);
    }
    return Number(value);
  };
}

export function nonNegativeInteger(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${name} must be a whole number ≥ 0, got '${value}'`);
    }
    return Number(value);
  };
}

/** Seconds as a positive number (fractions allowed), returned in milliseconds. */
export function seconds(name: string) {
  return (value: string): number => {
    const s = Number(value);
    if (value.trim() === "" || !Number.isFinite(s) || s <= 0) {
      throw new InvalidArgumentError(
        `${name} must be a positive number of seconds, got '${value}'`,
      );
    }
    return s * 1000;
  };
}

/** Like `seconds`, but 0 is allowed too (`--checkpoint-every 0`: at every chance). */
export function secondsOrZero(name: string) {
  return (value: string): number => {
    const s = Number(value);
    if (value.trim() === "" || !Number.isFinite(s) || s < 0) {
      throw new InvalidArgumentError(
        `${name} must be 0 or a positive number of seconds, got '${value}'`,
      );
    }
    return s * 1000;
  };
}

/** A parser for one of `allowed`; it carries the list (`.allowed`) for the generated docs/cli.md. */
export function oneOf<T extends string>(name: string, allowed: readonly T[]) {
  const parse = (value: string): T => {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(
        `${name} must be one of ${allowed.join(", ")}; got '${value}'`,
      );
    }
    return value as T;
  };
  return Object.assign(parse, { allowed });
}

/** Byte sizes like 512M, 2G, 1.5GiB or a plain number of bytes. */
export function byteSize(name: string) {
  return (value: string): number => {
    const m = /^(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?$/i.exec(value.trim());
    if (!m) {
      throw new InvalidArgumentError(`${name} must be a size like 512M or 2G, got '${value}'`);
    }
    const scale = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 }[
      m[2]!.toLowerCase()
    ]!;
    return Math.floor(Number(m[1]) * scale);
  };
}

/**
 * Why no closed tour can have both ends given (the last cell of a closed tour is a knight's move
 * from its first), or undefined when they can.
 */
export function closedEndsProblem(
  board: Board,
  start: number | undefined,
  end: number | undefined,
): string | undefined {
  if (start === undefined || end === undefined || board.isKnightMove(start, end)) return undefined;
  const move = moveName(board);
  return `${formatCell(board, end)} is not ${move} from ${formatCell(board, start)}, and a closed tour's last cell is ${move} from its first`;
}

export function cellOption(
  text: string | undefined,
  board: Board,
  flag: string,
): number | undefined {
  if (text === undefined) return undefined;
  let cell: number;
  try {
    cell = parseCell(text, board);
  } catch (error) {
    if (error instanceof Error) throw new OptionError(`${flag}: ${error.message}`, text);
    throw error;
  }
  if (board.isHole(cell)) {
    throw new OptionError(
      `${flag}: ${formatCell(board, cell)} is a hole of the ${board} board; a tour visits only the other cells`,
      text,
    );
  }
  return cell;
}

/** A PRNG seed: a whole number from 0 to 2^32 − 1 (every command's --seed). */
export function seedValue(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n > 0xffffffff) {
    throw new InvalidArgumentError(
      `--seed must be a whole number from 0 to 4294967295, got '${value}'`,
    );
  }
  return n;
}
