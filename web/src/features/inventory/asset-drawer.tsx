import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Lock, Network, X } from 'lucide-react';
import { Link } from 'react-router';
import { MASKED_VALUE, type TAssetDetail } from '@stratum/core/contract/inventory/model';
import { Badge } from '../../components/badge';
import { ListState } from '../../components/list-state';
import { assetQuery } from './api/assets';
import { formatValue, maskedKeys } from './attributes';

export interface AssetDrawerProps {
  assetId: string;
  onClose: () => void;
}

/** One asset from the side: what it is, its attributes (secrets masked), its neighbours, its history. */
export function AssetDrawer({ assetId, onClose }: AssetDrawerProps) {
  const result = useQuery(assetQuery(assetId));
  return (
    <RadixDialog.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/30" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col border-l border-slate-200 bg-white shadow-2xl"
        >
          <div className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="min-w-0 flex-1 font-mono text-sm font-semibold break-all text-slate-900">
              {result.data?.address ?? 'Asset'}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            <ListState result={result} what="the asset">
              {(asset) => <AssetDetail asset={asset} />}
            </ListState>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function AssetDetail({ asset }: { asset: TAssetDetail }) {
  const masked = maskedKeys(asset.maskedPaths);
  const graphLink = (address: string) =>
    `/cmdb?source=${asset.sourceId}&focus=${encodeURIComponent(address)}`;
  return (
    <div className="space-y-6 text-sm">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <Term label="Type" value={asset.type} />
        <Term label="Name" value={asset.name} />
        <Term label="Cloud" value={asset.cloud ?? 'none'} />
        <Term label="Provider" value={asset.provider ?? 'not stated'} />
        <Term label="Region" value={asset.region ?? '—'} />
        <Term label="Cloud id" value={asset.cloudId ?? '—'} mono />
        <Term label="Module" value={asset.module ?? 'root'} mono />
        <Term label="Source" value={asset.sourceName} />
        <Term label="Last seen" value={new Date(asset.lastSeenAt).toLocaleString()} />
      </dl>

      <Link
        to={graphLink(asset.address)}
        className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2"
      >
        <Network className="size-4" aria-hidden="true" /> Show it in the CMDB graph
      </Link>

      {Object.keys(asset.tags).length > 0 && (
        <section aria-labelledby="asset-tags">
          <h3 id="asset-tags" className="mb-1 font-semibold text-slate-900">
            Tags
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {Object.entries(asset.tags).map(([k, v]) => (
              <li key={k}>
                <Badge>
                  <span className="font-mono whitespace-pre">
                    {JSON.stringify(k).slice(1, -1)}={v}
                  </span>
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="asset-attributes">
        <h3 id="asset-attributes" className="mb-1 font-semibold text-slate-900">
          Attributes
        </h3>
        {asset.maskedPaths.length > 0 && (
          <p className="mb-2 flex items-center gap-1.5 text-xs text-slate-700">
            <Lock className="size-3.5" aria-hidden="true" />
            {asset.maskedPaths.length} value{asset.maskedPaths.length === 1 ? '' : 's'} the state
            marks sensitive {asset.maskedPaths.length === 1 ? 'is' : 'are'} masked: Stratum never
            shows {asset.maskedPaths.length === 1 ? 'it' : 'them'}.
          </p>
        )}
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">Attributes of {asset.address}</caption>
          <tbody>
            {Object.entries(asset.attributes).map(([key, value]) => (
              <tr key={key} className="border-b border-slate-100 align-top">
                <th
                  scope="row"
                  className="w-2/5 py-1.5 pr-3 font-mono text-xs font-medium break-all text-slate-700"
                >
                  {key}
                </th>
                <td className="py-1.5 font-mono text-xs break-all whitespace-pre-wrap text-slate-900">
                  {value === MASKED_VALUE ? (
                    <MaskedValue />
                  ) : (
                    <>
                      {formatValue(value)}
                      {masked.has(key) && (
                        <span className="mt-1 block font-sans text-slate-600">
                          Holds masked values, shown as “{MASKED_VALUE}”.
                        </span>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <AddressList
        title="Depends on"
        empty="Nothing: it depends on no other resource in this source."
        addresses={asset.dependencies}
        linkTo={graphLink}
      />
      <AddressList
        title="Depended on by"
        empty="Nothing in this source depends on it."
        addresses={asset.dependents}
        linkTo={graphLink}
      />

      <section aria-labelledby="asset-history">
        <h3 id="asset-history" className="mb-1 font-semibold text-slate-900">
          History
        </h3>
        <ol className="space-y-0.5">
          {asset.history.map((h) => (
            <li key={h.version} className="flex gap-3 text-slate-800">
              <span className="w-20 shrink-0 font-medium">Version {h.version}</span>
              <span className="text-slate-600">{new Date(h.importedAt).toLocaleString()}</span>
              <span>{h.present ? 'present' : 'absent'}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function MaskedValue() {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-slate-800 px-1.5 py-0.5 font-sans text-xs text-white">
      <Lock className="size-3" aria-hidden="true" /> masked (sensitive)
    </span>
  );
}

function Term({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className={mono ? 'font-mono text-xs leading-5 break-all' : 'break-words'}>{value}</dd>
    </>
  );
}

interface AddressListProps {
  title: string;
  empty: string;
  addresses: readonly string[];
  linkTo: (address: string) => string;
}

function AddressList({ title, empty, addresses, linkTo }: AddressListProps) {
  return (
    <section>
      <h3 className="mb-1 font-semibold text-slate-900">
        {title} ({addresses.length})
      </h3>
      {addresses.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-0.5">
          {addresses.map((a) => (
            <li key={a}>
              <Link
                to={linkTo(a)}
                className="font-mono text-xs break-all text-brand-700 underline underline-offset-2"
              >
                {a}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
