import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TCluster, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { openExec, splitCommand } from './exec-socket';
import { objectName, objectNamespace } from './k8s-object';
import { podContainers } from './pod-status';

type TermState =
  | { type: 'connecting' }
  | { type: 'open' }
  | { type: 'exited'; code: number; message?: string }
  | { type: 'closed'; message: string };

function stateText(state: TermState): string {
  switch (state.type) {
    case 'connecting':
      return 'Connecting…';
    case 'open':
      return 'Connected';
    case 'exited':
      return `Exited with code ${state.code}${state.message ? `: ${state.message}` : ''}`;
    case 'closed':
      return state.message;
  }
}

/** A terminal in a pod's container: xterm.js over the exec WebSocket, resized with its box. */
export function ExecTerminal({ cluster, pod }: { cluster: TCluster; pod: TK8sObject }) {
  const containers = podContainers(pod).filter((c) => !c.isInit);
  const [container, setContainer] = useState(containers[0]?.name ?? '');
  const [commandDraft, setCommandDraft] = useState('sh');
  const [command, setCommand] = useState('sh');
  const [round, setRound] = useState(0);
  const [state, setState] = useState<TermState>({ type: 'connecting' });
  const host = useRef<HTMLDivElement>(null);
  const name = objectName(pod);
  const namespace = objectNamespace(pod);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const terminal = new Terminal({
      cursorBlink: true,
      convertEol: false,
      fontSize: 13,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      theme: { background: '#020617' },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    fit.fit();
    setState({ type: 'connecting' });
    let hasExited = false;
    const session = openExec(
      { clusterId: cluster.id, pod: name, namespace, container, command: splitCommand(command) },
      {
        onOpen: () => {
          setState({ type: 'open' });
          session.resize(terminal.cols, terminal.rows);
          terminal.focus();
        },
        onFrame: (frame) => {
          if (frame.type === 'exit') {
            hasExited = true;
            terminal.write(`\r\n\x1b[2m[process exited with code ${frame.code}]\x1b[0m\r\n`);
            setState({ type: 'exited', code: frame.code, message: frame.message });
          } else if (frame.type === 'error') {
            hasExited = true;
            terminal.write(`\r\n\x1b[31m${frame.message}\x1b[0m\r\n`);
            setState({ type: 'closed', message: frame.message });
          } else {
            terminal.write(frame.data);
          }
        },
        onClose: () => {
          if (!hasExited) setState({ type: 'closed', message: 'Connection closed' });
        },
        onFailure: (message) => setState({ type: 'closed', message }),
      },
    );
    const input = terminal.onData((data) => session.send(data));
    const resized = terminal.onResize(({ cols, rows }) => session.resize(cols, rows));
    const observer = new ResizeObserver(() => {
      try {
        fit.fit();
      } catch {
        // the box is hidden (tab switched): nothing to fit
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      input.dispose();
      resized.dispose();
      session.close();
      terminal.dispose();
    };
  }, [cluster.id, name, namespace, container, command, round]);

  const connect = (event: FormEvent) => {
    event.preventDefault();
    const next = commandDraft.trim() || 'sh';
    if (next === command) setRound((r) => r + 1);
    else setCommand(next);
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <form onSubmit={connect} className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Container"
          className="min-w-0 flex-1 basis-40"
          value={container}
          onChange={(event) => setContainer(event.target.value)}
          options={containers.map((c) => ({ value: c.name, label: c.name }))}
        />
        <TextField
          label="Command"
          className="min-w-0 flex-1 basis-40"
          value={commandDraft}
          spellCheck={false}
          onChange={(event) => setCommandDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {state.type === 'open' ? 'Restart' : 'Connect'}
        </Button>
      </form>
      <p role="status" className="text-xs text-slate-600">
        {stateText(state)}
      </p>
      <div
        ref={host}
        aria-label={`Terminal in ${name}, container ${container}`}
        className="min-h-64 flex-1 overflow-hidden rounded-md bg-slate-950 p-2"
      />
    </div>
  );
}
