import { AnalyticsView, type AnalyticsPeriod } from '@qr/contracts';
import { call } from '../../api/api-call';

/** What one report is about: the whole organization, or one of its codes. */
export interface AnalyticsScope {
  orgId: string;
  codeId?: string;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: ({ orgId, codeId }: AnalyticsScope, period: AnalyticsPeriod) => [...analyticsKeys.all, orgId, codeId ?? 'all-codes', period] as const,
};

export const analyticsApi = {
  report: ({ orgId, codeId }: AnalyticsScope, period: AnalyticsPeriod) =>
    call(AnalyticsView, `/api/v1/analytics?${new URLSearchParams({ org_id: orgId, period, ...(codeId ? { code_id: codeId } : {}) })}`),
};
