import { dealFieldKeys, type DealFieldKey, type Project } from '@clearroom/contracts';

/** The label each deal field carries on screen. `description` reads 'Company Description' here. */
export const dealFieldLabels: Record<DealFieldKey, string> = {
  companyName: 'Company Name',
  industry: 'Industry',
  description: 'Company Description',
  businessModel: 'Business Model',
  ceoName: 'CEO/MD Name',
  ceoContact: 'CEO Contact',
  employeeCount: 'Employees',
  revenue: 'Revenue',
  profitMargin: 'Profit Margin',
  valuation: 'Valuation',
  dealStage: 'Deal Stage',
};

export type DealFieldGroup = { title: string; fields: readonly DealFieldKey[] };

/** The groups of the deal details card, in the order of the edit form (spec §2). */
export const dealFieldGroups: readonly DealFieldGroup[] = [
  {
    title: 'Company Information',
    fields: ['companyName', 'industry', 'description', 'businessModel'],
  },
  { title: 'Leadership', fields: ['ceoName', 'ceoContact', 'employeeCount'] },
  { title: 'Financial Metrics', fields: ['revenue', 'profitMargin'] },
  { title: 'Deal Context', fields: ['valuation', 'dealStage'] },
];

/** Long free-text fields get a multi-line input. */
export const multilineDealFields: ReadonlySet<DealFieldKey> = new Set([
  'description',
  'businessModel',
]);

export function hasDealDetails(project: Project): boolean {
  return dealFieldKeys.some((key) => Boolean(project[key]?.trim()));
}
