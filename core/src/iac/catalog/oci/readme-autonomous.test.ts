import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A workload using an Autonomous Database signs in as ADMIN with the password Vault keeps, and a
 * data warehouse's clients download its wallet first: the README says what to read and how.
 */
const files = (connections: Record<string, unknown>[]) =>
  terraformFiles(
    smallDesign({
      cloud: 'oci',
      components: [
        { id: 'vault', service: 'oci.vault', name: 'vault' },
        { id: 'dw', service: 'oci.autonomous-data-warehouse', name: 'reports', group: 'sn-1' },
        { id: 'docs', service: 'oci.autonomous-json', name: 'docs', group: 'sn-1' },
        { id: 'loader', service: 'oci.compute-instance', name: 'loader', group: 'sn-0' },
      ],
      connections,
    }),
  );
const section = (f: ReturnType<typeof files>) => {
  const readme = f.find((x) => x.path === 'README.md')!.content;
  const start = readme.indexOf('## Autonomous Database clients');
  return start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1));
};

describe('oci: the README for Autonomous Database clients', () => {
  const text = section(
    files([
      { from: 'loader', to: 'dw', type: 'data' },
      { from: 'loader', to: 'docs', type: 'data' },
      { from: 'dw', to: 'vault', type: 'data' },
    ]),
  );

  it("names each database's user, password secret and wallet settings", () => {
    expect(text).toContain(
      "- `reports` (`loader`): user `ADMIN` (`DW_USER`), the password in the Vault secret whose OCID is `DW_SECRET_ID`; mutual TLS: download the wallet by the database's OCID `DW_ID`, then connect to `DW_CONNECTION_STRING`",
    );
  });

  it('says when the password is only a Terraform variable', () => {
    expect(text).toContain(
      'the password in `TF_VAR_docs_admin_password`, which this code gives them no way to read (connect `docs` to a vault)',
    );
  });

  it('shows how to read the password and download the wallet as the instance principal', () => {
    expect(text).toContain('oci secrets secret-bundle get --auth instance_principal');
    expect(text).toContain('oci db autonomous-database generate-wallet --auth instance_principal');
  });

  it('shows no wallet command where no data warehouse is used', () => {
    const jsonOnly = section(files([{ from: 'loader', to: 'docs', type: 'data' }]));
    expect(jsonOnly).toContain('oci secrets secret-bundle get');
    expect(jsonOnly).not.toContain('generate-wallet');
  });

  it('is absent when no workload uses an Autonomous Database', () => {
    expect(section(files([]))).toBe('');
  });
});
