// The key every read of the business's figures lives under: the dashboard's cards, the metric
// pages and Analytics. A change to an appointment marks them all stale with this one key.
export const metricsQueryKey = ['metrics'] as const;
