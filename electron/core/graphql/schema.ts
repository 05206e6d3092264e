/**
 * The GraphQL schema the core serves at `POST /api/graphql`: the alert management subset of GitLab 18's
 * schema, with GitLab's type, field, argument, input and payload names, so one renderer code path reads
 * alerts from the embedded core and from GitLab alike.
 *
 * Sources (GitLab 18, gitlab-org/gitlab):
 * - doc/api/graphql/reference/_index.md: `Query.project`, `Project.alertManagementAlerts`,
 *   `Project.alertManagementAlertStatusCounts`, `Project.alertManagementHttpIntegrations`, the mutations
 *   `updateAlertStatus`, `httpIntegrationCreate`, `httpIntegrationUpdate`, `httpIntegrationDestroy`,
 *   `httpIntegrationResetToken`, and the types below.
 * - app/graphql/types/alert_management/alert_type.rb (`AlertManagementAlert`, authorize
 *   `read_alert_management_alert`), status_enum.rb, severity_enum.rb, alert_sort_enum.rb,
 *   alert_status_count_type.rb, http_integration_type.rb + integration_type.rb (authorize
 *   `admin_operations`), app/graphql/mutations/alert_management/update_alert_status.rb and
 *   http_integration/{create,update,destroy,reset_token}.rb.
 *
 * Outpost extension (marked below): `severities` on `alertManagementAlerts` and
 * `alertManagementAlertStatusCounts`. GitLab has no severity filter there and refuses the argument, so the
 * renderer sends it only to Outpost instances. Not served: the other GitLab types (`token` of a listed
 * integration is always null here: the core keeps only a digest of the key, which is shown once by
 * `httpIntegrationCreate`/`httpIntegrationResetToken`).
 */
import { buildSchema, type GraphQLSchema } from 'graphql';

/** The schema in GraphQL's SDL (descriptions shortened from GitLab's). */
export const ALERTS_SCHEMA_SDL = /* GraphQL */ `
  """
  Time represented in ISO 8601 (GitLab's Time scalar).
  """
  scalar Time

  """
  Represents untyped JSON (GitLab's JSON scalar).
  """
  scalar JSON

  """
  A global id of an HTTP integration: gid://gitlab/AlertManagement::HttpIntegration/<id>.
  """
  scalar AlertManagementHttpIntegrationID

  """
  Alert status values.
  """
  enum AlertManagementStatus {
    TRIGGERED
    ACKNOWLEDGED
    RESOLVED
    IGNORED
  }

  """
  Alert severity values.
  """
  enum AlertManagementSeverity {
    CRITICAL
    HIGH
    MEDIUM
    LOW
    INFO
    UNKNOWN
  }

  """
  Values for sorting alerts (GitLab's AlertManagementAlertSort, without the deprecated lower-case ones).
  """
  enum AlertManagementAlertSort {
    STARTED_AT_ASC
    STARTED_AT_DESC
    ENDED_AT_ASC
    ENDED_AT_DESC
    CREATED_TIME_ASC
    CREATED_TIME_DESC
    UPDATED_TIME_ASC
    UPDATED_TIME_DESC
    EVENT_COUNT_ASC
    EVENT_COUNT_DESC
    SEVERITY_ASC
    SEVERITY_DESC
    STATUS_ASC
    STATUS_DESC
    updated_desc
    updated_asc
    created_desc
    created_asc
  }

  """
  Values of alert integration types.
  """
  enum AlertManagementIntegrationType {
    PROMETHEUS
    HTTP
  }

  """
  Information about pagination in a connection.
  """
  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  """
  An environment of the project.
  """
  type Environment {
    id: ID!
    name: String!
  }

  """
  Describes an alert from the project's Alert Management.
  """
  type AlertManagementAlert {
    id: ID!
    iid: ID!
    title: String
    description: String
    severity: AlertManagementSeverity
    status: AlertManagementStatus
    service: String
    monitoringTool: String
    hosts: [String!]
    startedAt: Time
    endedAt: Time
    eventCount: Int
    details: JSON
    createdAt: Time
    updatedAt: Time
    environment: Environment
    webUrl: String!
    detailsUrl: String!
    runbook: String
  }

  type AlertManagementAlertEdge {
    cursor: String!
    node: AlertManagementAlert
  }

  """
  The connection type for AlertManagementAlert.
  """
  type AlertManagementAlertConnection {
    count: Int!
    edges: [AlertManagementAlertEdge]
    nodes: [AlertManagementAlert]
    pageInfo: PageInfo!
  }

  """
  Represents total number of alerts for the represented categories.
  """
  type AlertManagementAlertStatusCountsType {
    all: Int
    open: Int
    triggered: Int
    acknowledged: Int
    resolved: Int
    ignored: Int
  }

  """
  An endpoint and credentials used to accept alerts for a project.
  """
  type AlertManagementHttpIntegration {
    id: ID!
    name: String
    active: Boolean
    type: AlertManagementIntegrationType!
    url: String
    token: String
    apiUrl: String
  }

  type AlertManagementHttpIntegrationEdge {
    cursor: String!
    node: AlertManagementHttpIntegration
  }

  """
  The connection type for AlertManagementHttpIntegration.
  """
  type AlertManagementHttpIntegrationConnection {
    edges: [AlertManagementHttpIntegrationEdge]
    nodes: [AlertManagementHttpIntegration]
    pageInfo: PageInfo!
  }

  type Project {
    id: ID!
    fullPath: ID!
    name: String!
    webUrl: String
    alertManagementAlerts(
      iid: String
      statuses: [AlertManagementStatus!]
      sort: AlertManagementAlertSort
      search: String
      """
      Outpost extension: GitLab has no severity filter.
      """
      severities: [AlertManagementSeverity!]
      after: String
      before: String
      first: Int
      last: Int
    ): AlertManagementAlertConnection
    alertManagementAlertStatusCounts(
      search: String
      """
      Outpost extension: GitLab has no severity filter.
      """
      severities: [AlertManagementSeverity!]
    ): AlertManagementAlertStatusCountsType
    alertManagementHttpIntegrations(
      id: AlertManagementHttpIntegrationID
      types: [AlertManagementIntegrationType!]
      after: String
      before: String
      first: Int
      last: Int
    ): AlertManagementHttpIntegrationConnection
  }

  type Query {
    """
    Find a project (null when it does not exist or the caller may not read it).
    """
    project(fullPath: ID!): Project
  }

  input UpdateAlertStatusInput {
    clientMutationId: String
    projectPath: ID!
    iid: String!
    status: AlertManagementStatus!
  }

  type UpdateAlertStatusPayload {
    alert: AlertManagementAlert
    clientMutationId: String
    errors: [String!]!
  }

  input HttpIntegrationCreateInput {
    clientMutationId: String
    projectPath: ID!
    name: String!
    active: Boolean!
    type: AlertManagementIntegrationType
  }

  input HttpIntegrationUpdateInput {
    clientMutationId: String
    id: AlertManagementHttpIntegrationID!
    name: String
    active: Boolean
  }

  input HttpIntegrationDestroyInput {
    clientMutationId: String
    id: AlertManagementHttpIntegrationID!
  }

  input HttpIntegrationResetTokenInput {
    clientMutationId: String
    id: AlertManagementHttpIntegrationID!
  }

  type HttpIntegrationCreatePayload {
    clientMutationId: String
    errors: [String!]!
    integration: AlertManagementHttpIntegration
  }

  type HttpIntegrationUpdatePayload {
    clientMutationId: String
    errors: [String!]!
    integration: AlertManagementHttpIntegration
  }

  type HttpIntegrationDestroyPayload {
    clientMutationId: String
    errors: [String!]!
    integration: AlertManagementHttpIntegration
  }

  type HttpIntegrationResetTokenPayload {
    clientMutationId: String
    errors: [String!]!
    integration: AlertManagementHttpIntegration
  }

  type Mutation {
    updateAlertStatus(input: UpdateAlertStatusInput!): UpdateAlertStatusPayload
    httpIntegrationCreate(input: HttpIntegrationCreateInput!): HttpIntegrationCreatePayload
    httpIntegrationUpdate(input: HttpIntegrationUpdateInput!): HttpIntegrationUpdatePayload
    httpIntegrationDestroy(input: HttpIntegrationDestroyInput!): HttpIntegrationDestroyPayload
    httpIntegrationResetToken(input: HttpIntegrationResetTokenInput!): HttpIntegrationResetTokenPayload
  }
`;

let built: GraphQLSchema | null = null;

/** The schema, built once (graphql-js `buildSchema`; fields resolve by property, see resolvers.ts). */
export function alertsSchema(): GraphQLSchema {
  built ??= buildSchema(ALERTS_SCHEMA_SDL);
  return built;
}
