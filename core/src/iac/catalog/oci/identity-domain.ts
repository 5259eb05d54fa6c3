import { defineService } from '../service';
import { boolProp, enumProp } from '../properties';
import { ref, tfVar } from '../../ir/terraform-ir';
import { compartment } from './shared';

/**
 * An identity domain as the user directory of an application (OCI IAM "Managing Identity
 * Domains"): its own users, groups, sign-on policies and OAuth applications, apart from the
 * tenancy's administrators. Free domains hold up to 2,000 users; external-user domains are for
 * customer identities ("Identity Domain Types").
 */
export const ociIdentityDomain = defineService({
  id: 'oci.identity-domain',
  cloud: 'oci',
  kind: 'user-directory',
  name: 'Identity domain',
  category: 'security',
  description:
    'IAM identity domain for the application’s users: a primary e-mail required for every user, hidden from the OCI Console sign-in page; connected components get its URL (the OAuth and OpenID Connect issuer).',
  icon: 'oci-identity-domain',
  properties: [
    enumProp('license', 'Domain type', ['free', 'external-user', 'premium'], 'free'),
    boolProp('hiddenOnLogin', 'Hidden on the Console sign-in page', true),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'idd' },
  emits: { terraform: ['oci_identity_domain'] },
  terraform: (ctx) => {
    const domain = ctx.resource('oci_identity_domain', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      description: `Users of ${ctx.node.name}`,
      home_region: tfVar('region'),
      // The domain type decides the price and the user limit: one value for every environment.
      license_type: ctx.value('license'),
      is_hidden_on_login: ctx.prop('hiddenOnLogin'),
      is_primary_email_required: true,
      freeform_tags: ctx.tags(),
    });
    ctx.output('url', `URL of identity domain ${ctx.node.name}`, ref(domain.address, 'url'));
  },
});
