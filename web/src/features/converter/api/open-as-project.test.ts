import { describe, expect, it } from 'vitest';
import { ZPlannerState } from '@stratum/core/contract/planner/planner-state';
import { convertFiles } from '@stratum/core/convert/convert';
import { designFromState } from '@stratum/core/planner/design-from-state';
import { plannerStateOf } from './open-as-project';

describe('plannerStateOf', () => {
  it('holds a converted design so that the planner reads the same design back, at the board', () => {
    const { design } = convertFiles({
      from: 'terraform',
      to: 'design',
      files: [
        {
          path: 'main.tf',
          content:
            'provider "aws" {\n  region = "eu-west-1"\n}\n\nresource "aws_vpc" "main" {\n  cidr_block = "10.0.0.0/16"\n}\n',
        },
      ],
    });
    const state = ZPlannerState.parse(plannerStateOf(design!));
    expect(state.currentStep).toBe(2);
    expect(state.selectedServices).toEqual(['aws.vpc']);
    expect(designFromState(state)).toEqual(design);
  });
});
