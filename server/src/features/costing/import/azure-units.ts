import { HOURS_PER_MONTH, type TPriceUnit } from '@stratum/core/costing/book';
import { tidy } from './types';

type TKind = 'hour' | 'day' | 'month' | 'GB-month' | 'GB' | 'GB-second' | 'each';

/** `1 Hour`, `1/Month`, `1 GB/Month`, `10K`, `1M`, `1 GB Second`… as a count and a kind. */
export function parseUnitOfMeasure(text: string): { count: number; kind: TKind } | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KM])?\s*(.*?)\s*$/i.exec(text);
  if (!m) return undefined;
  const scale = m[2]?.toUpperCase() === 'K' ? 1e3 : m[2]?.toUpperCase() === 'M' ? 1e6 : 1;
  const count = Number(m[1]) * scale;
  const rest = (m[3] ?? '').replace(/^\//, '').toLowerCase().replace(/\s+/g, ' ');
  const kind: TKind | undefined =
    rest === '' || /^(count|operations?|transactions?|requests?|executions?)$/.test(rest)
      ? 'each'
      : /^hours?$/.test(rest)
        ? 'hour'
        : /^days?$/.test(rest)
          ? 'day'
          : /^months?$/.test(rest)
            ? 'month'
            : /^gi?b ?\/ ?month$/.test(rest)
              ? 'GB-month'
              : /^gi?b$/.test(rest)
                ? 'GB'
                : /^gi?b[ -]?seconds?$/.test(rest)
                  ? 'GB-second'
                  : undefined;
  return kind && count > 0 ? { count, kind } : undefined;
}

/** The price of one book `unit`, from a price per `unitOfMeasure`; undefined when they do not convert. */
export function toBookUnit(
  price: number,
  unitOfMeasure: string,
  unit: TPriceUnit,
): number | undefined {
  const u = parseUnitOfMeasure(unitOfMeasure);
  if (!u) return undefined;
  const each = price / u.count;
  const perHour =
    u.kind === 'hour'
      ? each
      : u.kind === 'day'
        ? each / 24
        : u.kind === 'month'
          ? each / HOURS_PER_MONTH
          : undefined;
  switch (unit) {
    case 'hour':
    case 'cluster-hour':
    case 'rule-hour':
      return perHour === undefined ? undefined : tidy(perHour);
    case 'zone-month':
    case 'key-month':
    case 'key-version-month':
    case 'disk-month':
      return perHour === undefined
        ? undefined
        : tidy(u.kind === 'month' ? each : perHour * HOURS_PER_MONTH);
    case 'GB-month':
      return u.kind === 'GB-month' ? tidy(each) : undefined;
    case 'GB':
      return u.kind === 'GB' ? tidy(each) : undefined;
    case 'GB-second':
      return u.kind === 'GB-second' ? tidy(each) : undefined;
    case '1M requests':
    case '1M operations':
      return u.kind === 'each' ? tidy(each * 1e6) : undefined;
    case '10K operations':
    case '10K requests':
      return u.kind === 'each' ? tidy(each * 1e4) : undefined;
    case '1K requests':
      return u.kind === 'each' ? tidy(each * 1e3) : undefined;
    default:
      return undefined;
  }
}
