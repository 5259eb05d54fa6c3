import { str, type TPropertyFinding, type TPropertyRule } from './rule';

const ERROR_TYPE = '!{firehose:error-output-type}';

/**
 * Firehose S3 prefixes: a prefix with expressions needs an error output prefix; an error
 * output prefix with expressions names the error output type, which the prefix may not use.
 */
export const awsFirehosePrefixes: TPropertyRule = {
  id: 'aws-firehose-prefixes',
  services: ['aws.firehose'],
  source:
    'Amazon Data Firehose developer guide, "Understand custom prefixes for Amazon S3 objects" (rules for the error output prefix); ExtendedS3DestinationConfiguration (prefixes up to 1024 characters)',
  check: (props) => {
    const prefix = str(props, 'prefix');
    const errorPrefix = str(props, 'errorPrefix');
    const findings: TPropertyFinding[] = [];
    if (prefix.includes('!{') && errorPrefix === '') {
      findings.push({
        key: 'errorPrefix',
        message: `prefix "${prefix}" uses expressions, so errorPrefix must be set: for example errors/${ERROR_TYPE}/`,
      });
    }
    if (errorPrefix.includes('!{') && !errorPrefix.includes(ERROR_TYPE)) {
      findings.push({
        key: 'errorPrefix',
        message: `errorPrefix "${errorPrefix}" uses expressions, so it must contain ${ERROR_TYPE}`,
      });
    }
    if (prefix.includes('firehose:error-output-type')) {
      findings.push({
        key: 'prefix',
        message: `prefix cannot use ${ERROR_TYPE}: move it to errorPrefix`,
      });
    }
    for (const key of ['prefix', 'errorPrefix']) {
      if (str(props, key).length > 1024)
        findings.push({ key, message: `${key} is longer than 1024 characters` });
    }
    return findings;
  },
};
