import { diffLines, type LineDiff, type LineDiffOptions } from '@stratum/core/tools/diff/line-diff';

export interface DiffRequest {
  left: string;
  right: string;
  options: LineDiffOptions;
}

export interface DiffResponse {
  diff: LineDiff;
}

/** Big comparisons run here, so typing in a 10,000-line file never freezes the page. */
self.onmessage = (event: MessageEvent<DiffRequest>) => {
  const { left, right, options } = event.data;
  const response: DiffResponse = { diff: diffLines(left, right, options) };
  self.postMessage(response);
};
