/**
 * The search runs here, off the page's thread, with the same library the CLI uses. The page
 * stops a search by terminating this worker (a synchronous search cannot hear messages).
 */
import {
  Board,
  findSymmetricTour,
  type SolveOptions,
  type SolveResult,
  solve,
} from "../src/index.js";

export interface SolveRequest {
  readonly type: "solve";
  readonly rows: number;
  readonly cols: number;
  readonly start: number;
  readonly closed: boolean;
  readonly method: string;
  /** Absent: the method's default. */
  readonly tieBreak?: string;
  readonly symmetry: "none" | "180" | "90";
  readonly seed: number;
}

export type WorkerReply =
  | {
      readonly type: "progress";
      readonly nodes: number;
      readonly attempts: number;
      readonly ms: number;
    }
  | {
      readonly type: "result";
      readonly status: SolveResult["status"];
      readonly path: Int32Array | null;
      readonly closed: boolean;
      readonly reason: string | null;
      readonly stats: SolveResult["stats"];
    }
  | { readonly type: "error"; readonly message: string };

/** The parts of the worker's global scope used here (typed without the WebWorker lib). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<SolveRequest>) => {
  const request = event.data;
  try {
    const board = new Board(request.rows, request.cols);
    let lastProgress = 0;
    const onProgress = (p: { nodes: number; attempts: number; ms: number }) => {
      // At most ten updates a second: the page only needs to show that work goes on.
      if (p.ms - lastProgress < 100) return;
      lastProgress = p.ms;
      scope.postMessage({
        type: "progress",
        nodes: p.nodes,
        attempts: p.attempts,
        ms: p.ms,
      } satisfies WorkerReply);
    };
    let result: SolveResult;
    if (request.symmetry !== "none") {
      // Tours unchanged by a half or quarter turn: closed by nature, found by the symmetry module.
      result = findSymmetricTour(board, {
        rotation: request.symmetry === "90" ? 90 : 180,
        seed: request.seed,
        onProgress,
      });
    } else {
      const options = {
        closed: request.closed,
        start: request.start,
        method: request.method,
        ...(request.tieBreak === undefined ? {} : { tieBreak: request.tieBreak }),
        seed: request.seed,
        onProgress,
      } as unknown as SolveOptions;
      result = solve(board, options);
    }
    const path = result.tour?.path ?? result.partial ?? null;
    const copy = path === null ? null : path.slice();
    scope.postMessage(
      {
        type: "result",
        status: result.status,
        path: copy,
        closed: result.tour?.closed ?? false,
        reason: result.reason ?? null,
        stats: result.stats,
      } satisfies WorkerReply,
      copy === null ? [] : [copy.buffer],
    );
  } catch (error) {
    scope.postMessage({
      type: "error",
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
};
