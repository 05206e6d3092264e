/**
 * The GraphQL documents of the Alerts screens, in GitLab 18's schema (doc/api/graphql/reference:
 * `Project.alertManagementAlerts` (GitLab 13.0+), `Project.alertManagementAlertStatusCounts` (13.0+),
 * `Project.alertManagementHttpIntegrations` (13.11+), mutations `updateAlertStatus` (13.0+),
 * `httpIntegrationCreate`/`Update`/`Destroy`/`ResetToken` (13.6+)), with their wire types. The same
 * documents go to GitLab and to the embedded core (electron/core/graphql/), which serves this subset.
 *
 * One Outpost extension: `severities` (GitLab has no severity filter on alerts). The `…BySeverity`
 * documents carry it and are sent only to Outpost instances (the screens hide the severity filter on GitLab,
 * whose schema validation would refuse the whole query).
 */
import { graphqlDocument } from './graphql-client.js';

/** `AlertManagementStatus` values. */
export type GqlAlertStatus = 'TRIGGERED' | 'ACKNOWLEDGED' | 'RESOLVED' | 'IGNORED';
/** `AlertManagementSeverity` values. */
export type GqlAlertSeverity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW' | 'INFO' | 'UNKNOWN';
/** `AlertManagementAlertSort` values the screens use. */
export type GqlAlertSort =
  | 'STARTED_AT_DESC'
  | 'STARTED_AT_ASC'
  | 'SEVERITY_DESC'
  | 'SEVERITY_ASC'
  | 'EVENT_COUNT_DESC'
  | 'UPDATED_TIME_DESC';

/** The `AlertManagementAlert` fields read (alert_type.rb). */
export interface GqlAlert {
  id: string;
  iid: string;
  title: string | null;
  description: string | null;
  severity: GqlAlertSeverity | null;
  status: GqlAlertStatus | null;
  service: string | null;
  monitoringTool: string | null;
  hosts: string[] | null;
  startedAt: string | null;
  endedAt: string | null;
  eventCount: number | null;
  details: Record<string, unknown> | null;
  createdAt: string | null;
  updatedAt: string | null;
  environment: { id: string; name: string } | null;
  detailsUrl: string;
}

/** The `AlertManagementHttpIntegration` fields read (http_integration_type.rb). */
export interface GqlIntegration {
  id: string;
  name: string | null;
  active: boolean | null;
  type: 'HTTP' | 'PROMETHEUS';
  url: string | null;
  /** GitLab shows the key to Maintainers in the list; the embedded core only on create and reset. */
  token: string | null;
}

/** `pageInfo` of a connection. */
export interface GqlPageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

const ALERT_FIELDS = `
  fragment AlertFields on AlertManagementAlert {
    id iid title description severity status service monitoringTool hosts
    startedAt endedAt eventCount details createdAt updatedAt
    environment { id name }
    detailsUrl
  }
`;

const INTEGRATION_FIELDS = `
  fragment IntegrationFields on AlertManagementHttpIntegration { id name active type url token }
`;

/** Variables of the alert list. */
export interface AlertListVariables extends Record<string, unknown> {
  fullPath: string;
  statuses?: GqlAlertStatus[] | null;
  search?: string | null;
  sort: GqlAlertSort;
  first: number;
  after?: string | null;
  severities?: GqlAlertSeverity[] | null;
}

/** Data of the alert list (and of one alert by iid). */
export interface AlertListData {
  project: {
    alertManagementAlerts: { nodes: GqlAlert[]; pageInfo: GqlPageInfo } | null;
  } | null;
}

/** One page of a project's alerts (GitLab's form). */
export const ALERT_LIST = graphqlDocument<AlertListData, AlertListVariables>(`
  query AlertList($fullPath: ID!, $statuses: [AlertManagementStatus!], $search: String,
                  $sort: AlertManagementAlertSort, $first: Int, $after: String) {
    project(fullPath: $fullPath) {
      alertManagementAlerts(statuses: $statuses, search: $search, sort: $sort, first: $first, after: $after) {
        nodes { ...AlertFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${ALERT_FIELDS}
`);

/** One page of a project's alerts of some severities (Outpost extension `severities`). */
export const ALERT_LIST_BY_SEVERITY = graphqlDocument<AlertListData, AlertListVariables>(`
  query AlertListBySeverity($fullPath: ID!, $statuses: [AlertManagementStatus!], $search: String,
                            $sort: AlertManagementAlertSort, $first: Int, $after: String,
                            $severities: [AlertManagementSeverity!]) {
    project(fullPath: $fullPath) {
      alertManagementAlerts(statuses: $statuses, search: $search, sort: $sort, first: $first, after: $after,
                            severities: $severities) {
        nodes { ...AlertFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${ALERT_FIELDS}
`);

/** One alert by iid. */
export const ALERT_DETAIL = graphqlDocument<AlertListData, { fullPath: string; iid: string }>(`
  query AlertDetail($fullPath: ID!, $iid: String!) {
    project(fullPath: $fullPath) {
      alertManagementAlerts(iid: $iid) {
        nodes { ...AlertFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${ALERT_FIELDS}
`);

/** `AlertManagementAlertStatusCountsType`. */
export interface GqlStatusCounts {
  all: number | null;
  open: number | null;
  triggered: number | null;
  acknowledged: number | null;
  resolved: number | null;
  ignored: number | null;
}

/** Data of the status counts. */
export interface AlertCountsData {
  project: { alertManagementAlertStatusCounts: GqlStatusCounts | null } | null;
}

/** Alerts per status with the list's search (GitLab's form). */
export const ALERT_COUNTS = graphqlDocument<AlertCountsData, { fullPath: string; search?: string | null }>(`
  query AlertCounts($fullPath: ID!, $search: String) {
    project(fullPath: $fullPath) {
      alertManagementAlertStatusCounts(search: $search) { all open triggered acknowledged resolved ignored }
    }
  }
`);

/** Alerts per status with search and severities (Outpost extension `severities`). */
export const ALERT_COUNTS_BY_SEVERITY = graphqlDocument<
  AlertCountsData,
  { fullPath: string; search?: string | null; severities: GqlAlertSeverity[] }
>(`
  query AlertCountsBySeverity($fullPath: ID!, $search: String, $severities: [AlertManagementSeverity!]) {
    project(fullPath: $fullPath) {
      alertManagementAlertStatusCounts(search: $search, severities: $severities) {
        all open triggered acknowledged resolved ignored
      }
    }
  }
`);

/** Data of the integration list. */
export interface IntegrationListData {
  project: {
    alertManagementHttpIntegrations: { nodes: GqlIntegration[]; pageInfo: GqlPageInfo } | null;
  } | null;
}

/** A page of a project's HTTP endpoint integrations (100 at most, GitLab's page size limit). */
export const INTEGRATION_LIST = graphqlDocument<
  IntegrationListData,
  { fullPath: string; after?: string | null }
>(`
  query IntegrationList($fullPath: ID!, $after: String) {
    project(fullPath: $fullPath) {
      alertManagementHttpIntegrations(first: 100, after: $after) {
        nodes { ...IntegrationFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${INTEGRATION_FIELDS}
`);

/** `updateAlertStatus`. */
export const UPDATE_ALERT_STATUS = graphqlDocument<
  { updateAlertStatus: { alert: GqlAlert | null; errors: string[] } | null },
  { projectPath: string; iid: string; status: GqlAlertStatus }
>(`
  mutation UpdateAlertStatus($projectPath: ID!, $iid: String!, $status: AlertManagementStatus!) {
    updateAlertStatus(input: { projectPath: $projectPath, iid: $iid, status: $status }) {
      alert { ...AlertFields }
      errors
    }
  }
  ${ALERT_FIELDS}
`);

type IntegrationPayload = { integration: GqlIntegration | null; errors: string[] } | null;

/** `httpIntegrationCreate`: the answer holds the key (shown once). */
export const CREATE_INTEGRATION = graphqlDocument<
  { httpIntegrationCreate: IntegrationPayload },
  { projectPath: string; name: string; active: boolean }
>(`
  mutation CreateIntegration($projectPath: ID!, $name: String!, $active: Boolean!) {
    httpIntegrationCreate(input: { projectPath: $projectPath, name: $name, active: $active }) {
      integration { ...IntegrationFields }
      errors
    }
  }
  ${INTEGRATION_FIELDS}
`);

/** `httpIntegrationUpdate` (name and/or active). */
export const UPDATE_INTEGRATION = graphqlDocument<
  { httpIntegrationUpdate: IntegrationPayload },
  { id: string; name?: string | null; active?: boolean | null }
>(`
  mutation UpdateIntegration($id: AlertManagementHttpIntegrationID!, $name: String, $active: Boolean) {
    httpIntegrationUpdate(input: { id: $id, name: $name, active: $active }) {
      integration { ...IntegrationFields }
      errors
    }
  }
  ${INTEGRATION_FIELDS}
`);

/** `httpIntegrationResetToken`: the answer holds the new key (shown once). */
export const RESET_INTEGRATION_TOKEN = graphqlDocument<
  { httpIntegrationResetToken: IntegrationPayload },
  { id: string }
>(`
  mutation ResetIntegrationToken($id: AlertManagementHttpIntegrationID!) {
    httpIntegrationResetToken(input: { id: $id }) {
      integration { ...IntegrationFields }
      errors
    }
  }
  ${INTEGRATION_FIELDS}
`);

/** `httpIntegrationDestroy`. */
export const DESTROY_INTEGRATION = graphqlDocument<
  { httpIntegrationDestroy: { errors: string[] } | null },
  { id: string }
>(`
  mutation DestroyIntegration($id: AlertManagementHttpIntegrationID!) {
    httpIntegrationDestroy(input: { id: $id }) { errors }
  }
`);
