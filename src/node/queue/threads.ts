import { Worker } from "node:worker_threads";
import { workerScript } from "../pool.js";

/**
 * Worker threads for a queue worker's jobs: one job per thread, so the main thread stays free
 * to renew the jobs' locks (a job of hours holds its lock by this heartbeat, and a dead
 * process's lock expires soon after). Threads are kept per setup (a census board, a count
 * query) and reused by the next job with the same setup: building a board's search is paid once.
 */
export class JobThreads {
  private readonly idle = new Map<string, Worker[]>();
  private readonly busy = new Set<Worker>();
  private readonly most: number;

  /** Keep at most `most` idle threads (the worker's concurrency). */
  constructor(most: number) {
    this.most = most;
  }

  /**
   * Post `task` to a thread of `script` built with `setup`; resolve with its final reply
   * (`onMessage` sees interim ones, for which `isInterim` is true). Rejects when the thread
   * dies, or when `signal` aborts (the thread is then terminated).
   */
  run<Reply>(
    script: string,
    setup: object,
    task: object,
    isInterim: (message: Reply) => boolean,
    onMessage: (message: Reply) => void,
    signal: AbortSignal,
  ): Promise<Reply> {
    const key = `${script} ${JSON.stringify(setup)}`;
    const thread =
      this.idle.get(key)?.pop() ?? new Worker(workerScript(script), { workerData: setup });
    this.busy.add(thread);
    return new Promise<Reply>((resolve, reject) => {
      const done = (): void => {
        thread.off("message", onReply);
        thread.off("error", onError);
        thread.off("exit", onExit);
        signal.removeEventListener("abort", onAbort);
        this.busy.delete(thread);
      };
      const onReply = (message: Reply): void => {
        if (isInterim(message)) {
          onMessage(message);
          return;
        }
        done();
        this.release(key, thread);
        resolve(message);
      };
      const onError = (error: Error): void => {
        done();
        void thread.terminate();
        reject(new Error(`worker thread failed: ${error.message}`));
      };
      const onExit = (code: number): void => {
        done();
        reject(new Error(`worker thread exited (code ${code}) before its reply`));
      };
      const onAbort = (): void => {
        done();
        void thread.terminate();
        reject(new Error("stopped"));
      };
      thread.on("message", onReply);
      thread.on("error", onError);
      thread.on("exit", onExit);
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener("abort", onAbort);
      thread.postMessage(task);
    });
  }

  private release(key: string, thread: Worker): void {
    const list = this.idle.get(key) ?? [];
    list.push(thread);
    this.idle.set(key, list);
    // Over the limit: drop idle threads of other setups first (their board is done with).
    let count = [...this.idle.values()].reduce((n, l) => n + l.length, 0);
    const order = [...this.idle.keys()].filter((other) => other !== key).concat(key);
    for (const other of order) {
      const threads = this.idle.get(other)!;
      while (count > this.most && threads.length > 0) {
        void threads.shift()!.terminate();
        count--;
      }
      if (threads.length === 0) this.idle.delete(other);
    }
  }

  /** Terminate every thread, idle or busy. */
  async close(): Promise<void> {
    const all = [...this.busy, ...[...this.idle.values()].flat()];
    this.idle.clear();
    this.busy.clear();
    await Promise.all(all.map((thread) => thread.terminate()));
  }
}
