import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ZPlannerState, type TPlannerState } from '@stratum/core/planner/state';
import { FilesStep } from './files-step';

const START = ZPlannerState.parse({
  v: 2,
  selectedProvider: 'aws',
  selectedServices: ['aws.s3'],
  architectureConfig: {
    name: 'site',
    components: [{ id: 'files', service: 'aws.s3', name: 'files' }],
  },
  namingConvention: { org: 'acme', project: 'shop' },
});

function Harness() {
  const [plan, setPlan] = useState<TPlannerState>(START);
  return <FilesStep plan={plan} onChange={setPlan} />;
}

const tree = () => within(screen.getByRole('list', { name: 'Files that will be generated' }));

describe('FilesStep', () => {
  it('adds the pipeline of the chosen CI provider to the files to come', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(tree().queryByText('.gitlab-ci.yml')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'CI pipeline' }));
    expect(tree().getByText(/^\.github/)).toBeDefined();
    await user.click(screen.getByRole('radio', { name: 'GitLab CI' }));
    expect(tree().getByText('.gitlab-ci.yml')).toBeDefined();
    expect(tree().queryByText(/^\.github/)).toBeNull();
  });

  it('shows the derived state bucket and flags a name S3 refuses', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const bucket = screen.getByRole('textbox', { name: 'S3 bucket' });
    expect(bucket.getAttribute('placeholder')).toBe('acme-shop-tfstate');
    await user.type(bucket, 'Bad_Bucket');
    expect(bucket.getAttribute('aria-invalid')).toBe('true');
  });
});
