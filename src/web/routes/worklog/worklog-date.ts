const pad = (n: number) => String(n).padStart(2, '0');

/** A creation time in US form, MM/DD/YYYY hh:mm AM/PM, in the reader's time zone (specification: Work-log area). */
export function formatWorklogDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const clock = `${pad(hours % 12 || 12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${clock}`;
}
