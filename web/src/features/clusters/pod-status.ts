import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { field, list, num, str } from './k8s-object';

const statuses = (pod: TK8sObject, which: string) => list(field(pod, 'status', which));

/** READY as kubectl prints it: ready containers / containers in the spec. */
export function podReady(pod: TK8sObject): string {
  const total = list(field(pod, 'spec', 'containers')).length;
  const ready = statuses(pod, 'containerStatuses').filter((s) => field(s, 'ready') === true).length;
  return `${ready}/${total}`;
}

export function podRestarts(pod: TK8sObject): number {
  return statuses(pod, 'containerStatuses').reduce<number>(
    (sum, s) => sum + num(field(s, 'restartCount')),
    0,
  );
}

/**
 * STATUS as kubectl computes it: the phase (or the pod's reason), then an init container still
 * working ("Init:0/1", "Init:CrashLoopBackOff"), then the reason of a container waiting or
 * terminated (CrashLoopBackOff, ImagePullBackOff, Completed, Error), and Terminating last.
 */
export function podStatus(pod: TK8sObject): string {
  let reason = str(field(pod, 'status', 'reason')) || str(field(pod, 'status', 'phase'));
  const inits = statuses(pod, 'initContainerStatuses');
  const initCount = list(field(pod, 'spec', 'initContainers')).length;
  let isInitializing = false;
  inits.forEach((s, index) => {
    if (isInitializing) return;
    const terminated = field(s, 'state', 'terminated');
    const waiting = field(s, 'state', 'waiting');
    if (terminated !== undefined && num(field(terminated, 'exitCode')) === 0) return;
    isInitializing = true;
    if (terminated !== undefined) {
      const why = str(field(terminated, 'reason'));
      reason = why ? `Init:${why}` : `Init:ExitCode:${num(field(terminated, 'exitCode'))}`;
    } else if (
      waiting !== undefined &&
      !['', 'PodInitializing'].includes(str(field(waiting, 'reason')))
    ) {
      reason = `Init:${str(field(waiting, 'reason'))}`;
    } else {
      reason = `Init:${index}/${initCount}`;
    }
  });
  if (!isInitializing) {
    let hasRunning = false;
    for (const s of [...statuses(pod, 'containerStatuses')].reverse()) {
      const waiting = str(field(s, 'state', 'waiting', 'reason'));
      const terminated = field(s, 'state', 'terminated');
      if (waiting !== '') reason = waiting;
      else if (terminated !== undefined) {
        reason =
          str(field(terminated, 'reason')) ||
          (field(terminated, 'signal') !== undefined
            ? `Signal:${num(field(terminated, 'signal'))}`
            : `ExitCode:${num(field(terminated, 'exitCode'))}`);
      } else if (field(s, 'ready') === true && field(s, 'state', 'running') !== undefined) {
        hasRunning = true;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = 'Running';
  }
  if (field(pod, 'metadata', 'deletionTimestamp') !== undefined) {
    reason = str(field(pod, 'status', 'reason')) === 'NodeLost' ? 'Unknown' : 'Terminating';
  }
  return reason || 'Unknown';
}

/** How a status reads at a glance: fine, still going, or wrong. */
export function statusTone(status: string): 'ok' | 'pending' | 'bad' | 'neutral' {
  if (/^(Running|Succeeded|Completed|Complete|Active|Ready|Bound)$/.test(status)) return 'ok';
  if (
    /^(Pending|ContainerCreating|PodInitializing|Terminating|Init:\d+\/\d+|Running…)$/.test(status)
  )
    return 'pending';
  if (
    /Err|BackOff|Fail|Unknown|NotReady|OOMKilled|Evicted|Error|Invalid|ExitCode|Signal/.test(status)
  )
    return 'bad';
  return 'neutral';
}

/** The containers of a pod, init containers first, for the logs and terminal pickers. */
export function podContainers(pod: TK8sObject): { name: string; isInit: boolean }[] {
  const names = (which: string) =>
    list(field(pod, 'spec', which))
      .map((c) => str(field(c, 'name')))
      .filter((name) => name !== '');
  return [
    ...names('containers').map((name) => ({ name, isInit: false })),
    ...names('initContainers').map((name) => ({ name, isInit: true })),
  ];
}
