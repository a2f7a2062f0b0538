import { AnalyticsView, type AnalyticsPeriod } from '@qr/contracts';
import { call } from '../organisation/organisation-api';

/** What one report is about: the whole organisation, or one of its codes. */
export interface AnalyticsScope {
  orgId: string;
  codeId?: string;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: ({ orgId, codeId }: AnalyticsScope, period: AnalyticsPeriod) => [...analyticsKeys.all, orgId, codeId ?? 'all-codes', period] as const,
};

export const analyticsApi = {
  /** Parsed with the contract, so a server that drifted from it fails here, loudly, not as a blank chart. */
  report: async ({ orgId, codeId }: AnalyticsScope, period: AnalyticsPeriod): Promise<AnalyticsView> => {
    const query = new URLSearchParams({ org_id: orgId, period, ...(codeId ? { code_id: codeId } : {}) });
    return AnalyticsView.parse(await call<unknown>(`/api/v1/analytics?${query}`));
  },
};
