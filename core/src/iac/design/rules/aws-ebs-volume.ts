import { num, str, type TPropertyRule } from './rule';

/** Size range (GiB) per EBS volume type. */
export const EBS_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  gp3: [1, 16384],
  gp2: [1, 16384],
  io2: [4, 65536],
  st1: [125, 16384],
  sc1: [125, 16384],
};

export const awsEbsVolume: TPropertyRule = {
  id: 'aws-ebs-volume',
  services: ['aws.ebs'],
  source: 'Amazon EBS User Guide, "Amazon EBS volume types" (volume size per type)',
  check: (props) => {
    const type = str(props, 'type');
    const size = num(props, 'size');
    const range = EBS_SIZES[type];
    if (!range || (size >= range[0] && size <= range[1])) return [];
    return [
      {
        key: 'size',
        message: `size ${size} GiB is outside what ${type} volumes offer (${range[0]}–${range[1]} GiB): change size or type`,
      },
    ];
  },
};
