import type { Queue } from "bullmq";
import { JOB_ATTEMPTS, jobIdOf, type QueueJob } from "./jobs.js";

const BULK = 500;

/**
 * Add jobs to the queue under their deterministic ids (jobIdOf): a job whose id is already
 * there is not added again, so coordinators and workers may send the same job.
 */
export async function enqueueJobs(queue: Queue, jobs: readonly QueueJob[]): Promise<void> {
  for (let at = 0; at < jobs.length; at += BULK) {
    await queue.addBulk(
      jobs.slice(at, at + BULK).map((data) => ({
        name: data.kind,
        data,
        opts: {
          jobId: jobIdOf(data),
          attempts: JOB_ATTEMPTS,
          backoff: { type: "fixed", delay: 1000 },
        },
      })),
    );
  }
}
