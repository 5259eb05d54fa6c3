export interface MaintenanceWindow {
  startsAt: Date;
  endsAt: Date;
  /** The checks it covers; empty covers every check of its owner. */
  checkIds: readonly string[];
}

/** Whether a maintenance window covers `checkId` at `at` (start inclusive, end exclusive). */
export function isInMaintenance(
  windows: readonly MaintenanceWindow[],
  checkId: string,
  at: Date,
): boolean {
  const t = at.getTime();
  return windows.some(
    (w) =>
      w.startsAt.getTime() <= t &&
      t < w.endsAt.getTime() &&
      (w.checkIds.length === 0 || w.checkIds.includes(checkId)),
  );
}
