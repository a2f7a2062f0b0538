/**
 * Facts about an organisation's customers (people known from what they submitted), on the stream
 * `customers-<org_id>`. Forgetting is a fact too, so every read model, and every replay, drops the
 * person; it carries no email, phone or name, only the keyed references their events already carry.
 */
export interface CustomerForgotten {
  type: 'CustomerForgotten';
  data: {
    org_id: string;
    customer_id: string;
    /** Every person reference (keyed hash, see PersonalDataVault) merged into this customer; their keys are deleted. */
    people: string[];
    forgotten_by: string;
  };
}

export const customersStreamId = (orgId: string): string => `customers-${orgId}`;
