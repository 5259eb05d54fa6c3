import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { checkTagPolicies } from '@stratum/core/tags/check';
import { ZTagPolicyInput } from '@stratum/core/tags/model';
import { TagsField } from './tags-field';

const policy = {
  ...ZTagPolicyInput.parse({
    name: 'Cost allocation',
    cloud: 'any',
    rules: [{ key: 'cost-center' }],
  }),
  id: 'p1',
};

describe('TagsField', () => {
  it('shows the policy hint with its fix and applies it', async () => {
    const onChange = vi.fn();
    const tags = { 'Cost Center': 'finance' };
    const violations = checkTagPolicies({ cloud: 'aws', types: [], tags }, [policy]);
    render(
      <TagsField
        label="Tags"
        tags={tags}
        suggestions={[]}
        violations={violations}
        onChange={onChange}
        onFocus={() => {}}
      />,
    );
    expect(screen.getByText('Fix: rename `Cost Center` to `cost-center`')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply the fixes' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'cost-center': 'finance' });
  });

  it('adds a tag and refuses a repeated key', async () => {
    const onChange = vi.fn();
    render(
      <TagsField
        label="Tags"
        tags={{ env: 'prod' }}
        suggestions={[]}
        onChange={onChange}
        onFocus={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a tag' }));
    await userEvent.type(screen.getByLabelText('Tags: key 2'), 'env');
    expect(screen.getByText('Each key appears once.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Tags: key 2'), '2');
    await userEvent.type(screen.getByLabelText('Tags: value 2'), 'x');
    expect(onChange).toHaveBeenLastCalledWith({ env: 'prod', env2: 'x' });
  });
});
