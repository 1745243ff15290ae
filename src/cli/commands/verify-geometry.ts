import type { Board } from "../../core/board.js";
import { InvalidTourError } from "../../core/errors.js";
import { isBinaryTour } from "../../core/format/binary.js";
import { detectTourFormat, parseTour } from "../../core/format/tour-text.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { type GeometryFlags, geometryBoard } from "../geometry-options.js";
import { decodeText, inputLabel, type TourEntry, tourEntries } from "../input.js";

/**
 * `knight verify` with geometry flags. Tour JSON states its own piece, topology and holes; a
 * numbered grid, an algebraic move list and a binary tour do not, so the flags supply them for
 * the board the text names (its size is only known once it is read: `--holes a1` depends on the
 * number of rows). A grid's own holes (`--`) are kept, joined with the flags' holes. A JSON tour
 * whose geometry differs from the flags' is refused (exit 2) rather than checked against either.
 */

/** The board of `rows` × `cols` with the geometry of `flags`. */
export type GeometryOf = (rows: number, cols: number) => Promise<Board>;

export function geometryFor(context: CommandContext, flags: GeometryFlags): GeometryOf {
  return (rows, cols) => geometryBoard(context, `${rows}x${cols}`, flags, { fersWazir: true });
}

/** The tours of `input`, read with the flags' geometry (see the module comment). */
export async function geometryEntries(
  input: { readonly bytes: Uint8Array; readonly source: string },
  file: string | undefined,
  maxBytes: number,
  geometry: GeometryOf,
): Promise<TourEntry[]> {
  const { bytes, source } = input;
  const entries = tourEntries(bytes, source, file, maxBytes);
  if (isBinaryTour(bytes)) {
    // A binary tour names cells and its closing only: put them on the flags' board.
    return Promise.all(
      entries.map(async (entry) => {
        if (entry.tour === undefined) return entry;
        const { rows, cols } = entry.tour.board;
        return { ...entry, tour: { ...entry.tour, board: await geometry(rows, cols) } };
      }),
    );
  }
  const text = decodeText(bytes, source);
  if (entries.length > 1 || detectTourFormat(text) === "json") {
    for (const { tour } of entries) {
      if (tour === undefined) continue;
      const wanted = await geometry(tour.board.rows, tour.board.cols);
      if (!wanted.equals(tour.board)) {
        throw new CliExit(
          ExitCode.BadInput,
          `${source}: the tour JSON states its board, ${tour.board}, and the geometry flags describe another, ${wanted}; tour JSON carries its piece, topology and holes, so drop the flags or make them agree`,
        );
      }
    }
    return entries;
  }
  const [entry] = entries;
  if (entry?.tour === undefined) return entries;
  const board = await geometry(entry.tour.board.rows, entry.tour.board.cols);
  // Read again on the flags' board, so the grid's holes join the flags' and a closing is judged
  // by the right piece.
  const holes = new Set([...entry.tour.board.holes, ...board.holes]);
  try {
    const tour = parseTour(text, undefined, {
      maxBytes,
      piece: board.piece,
      topology: board.topology,
      ...(holes.size === 0 ? {} : { holes }),
    });
    return [{ line: undefined, tour }];
  } catch (error) {
    if (error instanceof InvalidTourError) {
      return [
        {
          line: undefined,
          error: new CliExit(ExitCode.NoTour, `${inputLabel(file)}invalid tour: ${error.message}`),
        },
      ];
    }
    if (error instanceof Error) throw new CliExit(ExitCode.BadInput, `${source}: ${error.message}`);
    throw error;
  }
}
