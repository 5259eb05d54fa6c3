import { describe, expect, it } from 'vitest';
import { tf, tfAddresses } from '../testing/ir';
import { albDropInvalidHeaders } from './aws-alb';

describe('aws-alb-drop-invalid-headers', () => {
  it('flags an ALB, named or by default, that forwards invalid headers', () => {
    const named = tf('aws_lb', 'named', { load_balancer_type: 'application' });
    const bare = tf('aws_lb', 'bare', {});
    const off = tf('aws_lb', 'off', { drop_invalid_header_fields: false });
    expect(tfAddresses(albDropInvalidHeaders, [named, bare, off])).toEqual([
      'aws_lb.named',
      'aws_lb.bare',
      'aws_lb.off',
    ]);
  });

  it('passes an ALB that drops them and network load balancers', () => {
    const alb = tf('aws_lb', 'alb', {
      load_balancer_type: 'application',
      drop_invalid_header_fields: true,
    });
    const nlb = tf('aws_lb', 'nlb', { load_balancer_type: 'network' });
    expect(tfAddresses(albDropInvalidHeaders, [alb, nlb])).toEqual([]);
  });
});
