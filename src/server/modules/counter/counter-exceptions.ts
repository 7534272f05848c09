/**
 * The COUNTER Exceptions this server raises (Code of Practice 5.1, Appendix D, Table D.1): the message each code
 * must carry word for word, and the HTTP status of an answer that is only that Exception. Codes of status 200 go
 * in a report's header instead.
 */
const EXCEPTIONS = {
  1020: { message: 'Client has made too many requests', status: 429 },
  1030: { message: 'Insufficient Information to Process Request', status: 400 },
  2000: { message: 'Requestor Not Authorized to Access Service', status: 401 },
  2010: { message: 'Requestor is Not Authorized to Access Usage for Institution', status: 403 },
  2011: { message: 'Global Reports Not Supported', status: 403 },
  2020: { message: 'APIKey Invalid', status: 401 },
  3020: { message: 'Invalid Date Arguments', status: 400 },
  3030: { message: 'No Usage Available for Requested Dates', status: 200 },
  3031: { message: 'Usage Not Ready for Requested Dates', status: 200 },
  3032: { message: 'Usage No Longer Available for Requested Dates', status: 200 },
  3050: { message: 'Parameter Not Recognized in this Context', status: 200 },
  3060: { message: 'Invalid ReportFilter Value', status: 200 },
  3061: { message: 'Incongruous ReportFilter Value', status: 200 },
  3062: { message: 'Invalid ReportAttribute Value', status: 200 },
  3063: { message: 'Components Not Supported', status: 200 },
} as const;

export type ExceptionCode = keyof typeof EXCEPTIONS;

export interface CounterException {
  Code: number;
  Message: string;
  Data?: string;
}

export const counterException = (code: ExceptionCode, data?: string): CounterException => ({
  Code: code,
  Message: EXCEPTIONS[code].message,
  ...(data ? { Data: data } : {}),
});

/** A request the server cannot answer with a report: the answer is this one Exception with its HTTP status. */
export class CounterRefusal extends Error {
  readonly exception: CounterException;
  readonly statusCode: number;

  constructor(
    code: ExceptionCode,
    data: string,
    /** When the client may ask again (the Retry-After header), for a refusal that ends. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${code}: ${data}`);
    this.exception = counterException(code, data);
    this.statusCode = EXCEPTIONS[code].status;
  }
}

export const refuse = (code: ExceptionCode, data: string) => new CounterRefusal(code, data);

/** One Exception per code, its details joined, in code order: a header lists each Exception once. */
export function mergeExceptions(exceptions: CounterException[]): CounterException[] {
  const byCode = new Map<number, CounterException>();
  for (const exception of exceptions) {
    const seen = byCode.get(exception.Code);
    const data = [seen?.Data, exception.Data].filter(Boolean).join('; ');
    byCode.set(exception.Code, { ...exception, ...(data ? { Data: data } : {}) });
  }
  return [...byCode.values()].sort((a, b) => a.Code - b.Code);
}
