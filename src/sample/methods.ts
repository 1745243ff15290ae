// Apart from sample.ts (which loads the samplers and the search): the CLI lists and checks
// `knight sample --method` without loading them.

/** How `sampleTours` draws: `auto` picks `uniform` where counting is cheap (see sample.ts). */
export const SAMPLE_METHODS = ["auto", "uniform", "search"] as const;
export type SampleMethod = (typeof SAMPLE_METHODS)[number];
