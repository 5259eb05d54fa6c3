import { Download } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TCluster, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { objectName, objectNamespace } from './k8s-object';
import { podContainers } from './pod-status';
import { logText, useLogStream, type LogStatus } from './use-log-stream';

const TAILS = [
  { value: '100', label: 'Last 100 lines' },
  { value: '500', label: 'Last 500 lines' },
  { value: '2000', label: 'Last 2,000 lines' },
  { value: 'all', label: 'Whole log' },
];

const STATUS_TEXT: Record<LogStatus, string> = {
  connecting: 'Connecting…',
  streaming: 'Streaming',
  ended: 'End of log',
  dropped: 'Disconnected',
  failed: 'Stopped',
};

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A pod's log: container, tail, follow, timestamps, download; it follows while at the bottom. */
export function PodLogs({ cluster, pod }: { cluster: TCluster; pod: TK8sObject }) {
  const containers = podContainers(pod);
  const [container, setContainer] = useState(containers[0]?.name ?? '');
  const [tail, setTail] = useState('500');
  const [isFollowing, setIsFollowing] = useState(true);
  const [withTimestamps, setWithTimestamps] = useState(false);
  const [round, setRound] = useState(0);
  const name = objectName(pod);
  const { lines, status, error } = useLogStream({
    clusterId: cluster.id,
    pod: name,
    namespace: objectNamespace(pod),
    container,
    tail: tail === 'all' ? null : Number(tail),
    isFollowing,
    round,
  });
  const viewer = useRef<HTMLPreElement>(null);
  const isAtBottom = useRef(true);

  useLayoutEffect(() => {
    const element = viewer.current;
    if (element && isFollowing && isAtBottom.current) element.scrollTop = element.scrollHeight;
  }, [lines, isFollowing]);
  useEffect(() => {
    isAtBottom.current = true;
  }, [container, tail, round]);

  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Container"
          className="min-w-0 flex-1 basis-40"
          value={container}
          onChange={(event) => setContainer(event.target.value)}
          options={containers.map((c) => ({
            value: c.name,
            label: c.isInit ? `${c.name} (init)` : c.name,
          }))}
        />
        <SelectField
          label="Show"
          className="min-w-0 flex-1 basis-36"
          value={tail}
          onChange={(event) => setTail(event.target.value)}
          options={TAILS}
        />
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={isFollowing}
            onChange={(e) => setIsFollowing(e.target.checked)}
          />
          Follow
        </label>
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={withTimestamps}
            onChange={(e) => setWithTimestamps(e.target.checked)}
          />
          Timestamps
        </label>
        <Button
          variant="secondary"
          disabled={lines.length === 0}
          onClick={() => downloadText(`${name}-${container}.log`, logText(lines, withTimestamps))}
        >
          <Download className="size-4" aria-hidden="true" /> Download
        </Button>
      </div>
      <div role="status" className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span>
          {STATUS_TEXT[status]} · {lines.length.toLocaleString()} lines
        </span>
        {error && <span className="break-words text-red-700">{error}</span>}
        {(status === 'dropped' || status === 'failed' || status === 'ended') && (
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => setRound((r) => r + 1)}
          >
            {status === 'ended' ? 'Reload' : 'Reconnect'}
          </button>
        )}
      </div>
      <pre
        ref={viewer}
        tabIndex={0}
        aria-label={`Log of ${name}, container ${container}`}
        onScroll={(event) => {
          const el = event.currentTarget;
          isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="min-h-64 flex-1 overflow-auto rounded-md bg-slate-950 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-100"
      >
        {lines.length === 0 && status !== 'connecting' ? (
          <span className="text-slate-400">No log lines.</span>
        ) : (
          lines.map((line, index) => (
            <div key={index} className="break-all">
              {withTimestamps && <span className="text-slate-400 select-none">{line.time} </span>}
              {line.text}
            </div>
          ))
        )}
      </pre>
    </div>
  );
}
