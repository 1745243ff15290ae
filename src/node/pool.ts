import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * A small pool of worker_threads running one script: tasks go to whichever worker is idle;
 * `run` resolves with each reply through `onReply`, in completion order. `terminate` stops
 * everything at once (the way an interrupt or a time limit ends a count).
 */
export class WorkerPool<Task, Reply> {
  private readonly workers: Worker[] = [];
  private terminated = false;

  constructor(script: URL, size: number, workerData: unknown) {
    for (let i = 0; i < size; i++) this.workers.push(new Worker(script, { workerData }));
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Hand out `tasks` and call `onReply` for each answer (and for each message `isProgress`
   * says is an interim report). Resolves when all are answered, or (without error) once
   * `terminate` has been called; rejects when a worker dies.
   */
  run(
    tasks: readonly Task[],
    onReply: (reply: Reply) => void,
    isProgress: (message: Reply) => boolean = () => false,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      let next = 0;
      let pending = 0;
      const cleanups: Array<() => void> = [];
      const finish = (error?: Error): void => {
        for (const cleanup of cleanups) cleanup();
        if (error && !this.terminated) reject(error);
        else resolve();
      };
      const feed = (worker: Worker): void => {
        if (this.terminated) return;
        if (next < tasks.length) {
          pending++;
          worker.postMessage(tasks[next++]);
        } else if (pending === 0) finish();
      };
      for (const worker of this.workers) {
        const onMessage = (reply: Reply): void => {
          const final = !isProgress(reply);
          if (final) pending--;
          try {
            onReply(reply);
          } catch (error) {
            finish(error as Error);
            return;
          }
          if (final) feed(worker);
        };
        const onError = (error: Error): void => finish(error);
        const onExit = (): void => {
          if (this.terminated) finish();
        };
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        cleanups.push(() => {
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
        });
      }
      if (tasks.length === 0) finish();
      else for (const worker of this.workers) feed(worker);
    });
  }

  /** Stop every worker now. */
  async terminate(): Promise<void> {
    this.terminated = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The default pool size: the machine's cores. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * URL of a worker script next to this module. Under a test runner that executes the TypeScript
 * sources, the compiled script in dist/ is used instead (worker threads run plain JavaScript).
 */
export function workerScript(name: string): URL {
  const here = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  const built = new URL(`../../dist/node/${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`worker script ${name}.js not found (run npm run build)`);
}
