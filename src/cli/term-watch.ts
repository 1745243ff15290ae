// SIGTERM during synchronous work, made to act as Ctrl-C does.
//
// A search that never yields to the event loop cannot run a signal handler. Ctrl-C still cuts it
// short through Node's SIGINT watchdog (vm's breakOnSigint), but SIGTERM has no such watchdog:
// its default action used to end the process (143, no line, partial results lost). A small
// thread whose own event loop stays free listens for SIGTERM instead and, while synchronous work
// is under way, passes it on as SIGINT, so both signals take the one path of node-io.ts.
//
// Worker threads get no `process.on(signal)` in Node 20, so the thread uses the signal binding
// that `process.on` itself is built on. Where that binding is gone (a later Node), the thread
// says so and SIGTERM keeps its default action, as before.
import { Worker } from "node:worker_threads";

// CommonJS source of the thread, run with eval: it needs no file beside the compiled CLI.
const WATCHER = `
const { parentPort, workerData } = require("node:worker_threads");
const busy = workerData;
let Signal;
try {
  process.noDeprecation = true; // process.binding warns; the warning would reach the user.
  Signal = process.binding("signal_wrap").Signal;
} catch {
  parentPort.postMessage(false);
}
if (Signal) {
  const handle = new Signal();
  // Only while synchronous work runs: otherwise the main thread's own handler takes SIGTERM.
  handle.onsignal = () => {
    if (Atomics.load(busy, 0) === 1) process.kill(process.pid, "SIGINT");
  };
  parentPort.postMessage(handle.start(15) === 0);
}
`;

/** The watcher of this process: `busy(true)` around synchronous work. */
export interface TermWatch {
  busy(on: boolean): void;
}

let started: Promise<TermWatch | undefined> | undefined;

/**
 * Start the watcher thread once (later calls get the same one) and wait until it listens.
 * Undefined when it cannot listen: SIGTERM then keeps its default action during the work.
 */
export function startTermWatch(): Promise<TermWatch | undefined> {
  started ??= new Promise((resolve) => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    let worker: Worker;
    try {
      worker = new Worker(WATCHER, { eval: true, workerData: flag, stdout: true, stderr: true });
    } catch {
      resolve(undefined);
      return;
    }
    // The thread never keeps the process alive: it ends with the process.
    worker.unref();
    worker.once("error", () => resolve(undefined));
    worker.once("message", (listening: boolean) =>
      resolve(listening ? { busy: (on) => Atomics.store(flag, 0, on ? 1 : 0) } : undefined),
    );
  });
  return started;
}
