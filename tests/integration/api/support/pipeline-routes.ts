/** What the pipeline suite's parts (tests/integration/api/pipeline-*.ts) share. */

/** Echo handlers behind the real pipeline, made in definePipelineSuite's beforeAll. */
export interface PipelineRoutes {
  readonly route: (request: Request) => Promise<Response>;
  readonly ogRoute: (request: Request) => Promise<Response>;
}

/** A valid screenshot request, which the cases extend or break. */
export const PIPELINE_TARGET = "/v1/screenshot?url=https%3A%2F%2Fexample.com%2F";
