import { str, type TPropertyRule } from './rule';

export const awsEfsThroughput: TPropertyRule = {
  id: 'aws-efs-throughput',
  services: ['aws.efs'],
  source:
    'Amazon EFS User Guide, "Throughput modes" (Elastic throughput is available for General Purpose performance mode only)',
  check: (props) =>
    str(props, 'performanceMode') === 'maxIO' && str(props, 'throughputMode') === 'elastic'
      ? [
          {
            key: 'throughputMode',
            message:
              'throughputMode elastic is not available with performanceMode maxIO: set throughputMode to bursting, or performanceMode to generalPurpose',
          },
        ]
      : [],
};
