import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TGeneration } from '@stratum/core/contract/planner/generation';
import { assistantBridge, useAssistantOpen } from '../../../lib/assistant-bridge';
import { CodeViewer } from './code-viewer';

// CodeMirror measures text, which jsdom cannot lay out; the file's text is what matters here.
vi.mock('./code-editor', () => ({
  CodeEditor: ({ content, label }: { content: string; label: string }) => (
    <pre aria-label={label}>{content}</pre>
  ),
}));

const GENERATION: TGeneration = {
  id: '6f1c2b7e-3f4a-4c1e-9a57-0d2f8e1b5c3a',
  projectId: '0b8a9d52-71c4-4e0f-8d3b-52a6c1e7f9d4',
  format: 'terraform',
  layout: 'standard',
  options: { ci: false, readme: false },
  revision: 3,
  fileCount: 2,
  warningCount: 0,
  createdAt: '2026-11-29T12:00:00Z',
  files: [
    { path: 'main.tf', content: 'resource "aws_sqs_queue" "jobs" {}\n' },
    { path: 'variables.tf', content: 'variable "region" {}\n' },
  ],
  report: {
    valid: true,
    upgradedFrom: null,
    completions: [],
    warnings: [],
    naming: [],
    policy: [],
  },
};

afterEach(() => {
  assistantBridge.takeAsk();
  assistantBridge.close();
});

describe('CodeViewer', () => {
  it('opens the assistant with a question about the file that is open', async () => {
    const user = userEvent.setup();
    render(<CodeViewer generation={GENERATION} projectName="Shop" />);
    await user.click(screen.getByRole('button', { name: /^variables\.tf/ }));
    expect(screen.getByLabelText('Contents of variables.tf')).toHaveTextContent(
      'variable "region"',
    );
    await user.click(
      screen.getByRole('button', { name: 'Explain variables.tf with the assistant' }),
    );

    expect(renderHook(() => useAssistantOpen()).result.current).toBe(true);
    const ask = assistantBridge.takeAsk();
    expect(ask?.prompt).toMatch(/^Explain what variables\.tf does/);
    // The stored generation the user sees, so the assistant reads exactly these files.
    expect(ask?.code).toEqual({
      path: 'variables.tf',
      generationId: GENERATION.id,
      projectId: GENERATION.projectId,
    });
  });
});
