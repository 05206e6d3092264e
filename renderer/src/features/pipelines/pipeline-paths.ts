/** Routes of the pipelines area, below `/pipelines/:projectId`. */
export const pipelinePaths = {
  list: (projectId: number) => `/pipelines/${projectId}`,
  run: (projectId: number) => `/pipelines/${projectId}/new`,
  pipeline: (projectId: number, pipelineId: number, tab?: string) =>
    `/pipelines/${projectId}/${pipelineId}${tab ? `?tab=${tab}` : ''}`,
  job: (projectId: number, jobId: number) => `/pipelines/${projectId}/jobs/${jobId}`,
  environments: (projectId: number) => `/pipelines/${projectId}/environments`,
  environment: (projectId: number, environmentId: number) =>
    `/pipelines/${projectId}/environments/${environmentId}`,
};
