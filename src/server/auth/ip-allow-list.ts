import { BlockList, isIP } from 'node:net';

/** The admin IP allow-list setting: addresses and CIDR ranges, IPv4 or IPv6, separated by spaces, commas or lines. */
export interface IpAllowList {
  /** No entry at all: every address is admitted. */
  empty: boolean;
  /** The first entry that is neither an address nor a CIDR range, if any. */
  invalidEntry: string | null;
  /** Whether `address` matches one of the valid entries (an IPv4-mapped IPv6 address matches its IPv4 entry). */
  admits(address: string): boolean;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Adds one entry to the list; false when it is not an address or a range. */
function addEntry(list: BlockList, entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) {
    list.addAddress(address, familyOf(address));
    return true;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (version === 4 ? 32 : 128)) return false;
  list.addSubnet(address, bits, familyOf(address));
  return true;
}

export function parseIpAllowList(text: string): IpAllowList {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  // Every valid entry counts even after an invalid one (a list stored before entries were checked).
  const invalid = entries.filter((entry) => !addEntry(list, entry));
  return {
    empty: entries.length === 0,
    invalidEntry: invalid[0] ?? null,
    admits: (address) => isIP(address) !== 0 && list.check(address, familyOf(address)),
  };
}
