import { ZExecServerFrame, type TExecServerFrame } from '@stratum/core/contract/k8s/streams';
import { fetchStreamTicket, STREAM_PATHS, streamUrl } from './api/stream-ticket';

export interface ExecTarget {
  clusterId: string;
  pod: string;
  namespace: string;
  container: string;
  command: string[];
}

export interface ExecHandlers {
  onOpen: () => void;
  onFrame: (frame: TExecServerFrame) => void;
  /** The socket closed; `code` is the WebSocket close code. */
  onClose: (code: number) => void;
  onFailure: (message: string) => void;
}

export interface ExecSession {
  send: (data: string) => void;
  resize: (cols: number, rows: number) => void;
  close: () => void;
}

/** `sh -c 'x y'` as the argv the server runs: words split on spaces, quotes respected. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return words;
}

/** Opens the exec WebSocket with a single-use ticket; frames are JSON text both ways. */
export function openExec(target: ExecTarget, handlers: ExecHandlers): ExecSession {
  let socket: WebSocket | null = null;
  let isClosed = false;
  const sendFrame = (frame: object) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  fetchStreamTicket().then(
    (ticket) => {
      if (isClosed) return;
      const path = streamUrl(
        STREAM_PATHS.exec,
        { clusterId: target.clusterId },
        {
          pod: target.pod,
          namespace: target.namespace,
          container: target.container,
          cmd: target.command,
        },
        ticket,
      );
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
      socket.onopen = handlers.onOpen;
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const frame = ZExecServerFrame.safeParse(parsed);
        if (frame.success) handlers.onFrame(frame.data);
      };
      socket.onclose = (event) => {
        if (!isClosed) handlers.onClose(event.code);
      };
    },
    () => {
      if (!isClosed) handlers.onFailure('The terminal could not start: no stream ticket.');
    },
  );
  return {
    send: (data) => sendFrame({ type: 'stdin', data }),
    resize: (cols, rows) => sendFrame({ type: 'resize', cols, rows }),
    close: () => {
      isClosed = true;
      socket?.close(1000);
    },
  };
}
