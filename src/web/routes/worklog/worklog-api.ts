import { WORKLOG_PAGE_SIZE, type WorklogStatus } from '../../../common/constants.js';
import type { NewWorklogEntry, WorklogEntry, WorklogPage } from '../../../common/schemas/worklog.js';
import { apiRequest, type ApiResult } from '../../lib/api-client.js';

export interface WorklogListQuery {
  status?: WorklogStatus;
  search: string;
  page: number;
}

export const emptyWorklogPage = (page: number): WorklogPage => ({
  entries: [],
  total: 0,
  page,
  pageSize: WORKLOG_PAGE_SIZE,
});

export function fetchWorklogPage(query: WorklogListQuery, signal?: AbortSignal): Promise<ApiResult<WorklogPage>> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  return apiRequest<WorklogPage>(`/api/webdata?${params}`, { signal });
}

export const changeWorklogStatus = (id: number, status: WorklogStatus) =>
  apiRequest<WorklogEntry>(`/api/webdata/${id}`, { method: 'PUT', body: { status } });

export const addWorklogEntry = (entry: NewWorklogEntry) =>
  apiRequest<WorklogEntry>('/api/webdata', { method: 'POST', body: entry });
