import { num, str, type TPropertyRule } from './rule';

/** Smallest instance (GiB) per Filestore tier. */
export const FILESTORE_MIN_GIB: Readonly<Record<string, number>> = {
  BASIC_HDD: 1024,
  BASIC_SSD: 2560,
  ZONAL: 1024,
  REGIONAL: 1024,
};

export const filestoreCapacity: TPropertyRule = {
  id: 'filestore-capacity',
  services: ['gcp.filestore'],
  source:
    'Google Cloud, Filestore "Service tiers" (capacity range per tier; Basic SSD starts at 2.5 TiB)',
  check: (props) => {
    const tier = str(props, 'tier');
    const capacity = num(props, 'capacity');
    const least = FILESTORE_MIN_GIB[tier];
    if (least === undefined || capacity >= least) return [];
    return [
      {
        key: 'capacity',
        message: `capacity ${capacity} GiB is below the ${least} GiB tier ${tier} starts at: raise capacity, or choose tier BASIC_HDD`,
      },
    ];
  },
};
