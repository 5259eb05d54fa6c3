import { str, type TPropertyRule } from './rule';

/**
 * A custom MAIL FROM domain is a subdomain of the identity's domain, and not the domain itself
 * (it needs an MX record of its own that receives bounces).
 */
export const awsSesMailFrom: TPropertyRule = {
  id: 'aws-ses-mail-from',
  services: ['aws.ses'],
  source:
    'Amazon SES Developer Guide, "Using a custom MAIL FROM domain" (choosing a MAIL FROM domain)',
  check: (props) => {
    const mailFrom = str(props, 'mailFromDomain').trim().toLowerCase();
    const domain = str(props, 'domain').trim().toLowerCase();
    if (mailFrom === '' || domain === '') return [];
    if (mailFrom !== domain && mailFrom.endsWith(`.${domain}`)) return [];
    return [
      {
        key: 'mailFromDomain',
        message: `mailFromDomain ${mailFrom} must be a subdomain of ${domain} other than ${domain} itself, such as bounce.${domain}`,
      },
    ];
  },
};
