/** The funnel report's shape: built by the server (server/analytics/report.ts), drawn by the ops dashboard. */
export interface StepReport {
  stepId: string;
  entered: number;
  continued: number;
  dropped: number;
  dropRate: number;
  medianSeconds: number | null;
  topFailures: { fieldPath: string; rule: string; count: number }[];
}

export interface VariantReport {
  id: string;
  funnelVersions: string[];
  visits: number;
  completed: number;
  conversion: number;
  interval: [number, number];
  probabilityBest: number;
  steps: StepReport[];
  hooks: { stepId: string; hook: string; outcome: string; count: number }[];
}

export interface GroupReport {
  /** The experiment's id; null for the brand's funnels by version (every visit). */
  experimentId: string | null;
  variants: VariantReport[];
  warnings: string[];
}

export interface FunnelReport {
  brandId: string;
  since: string;
  method: string;
  experiments: GroupReport[];
  funnels: GroupReport;
}
