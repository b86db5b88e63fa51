export { graphTool } from './tool.ts'
export { registerConceptResources } from './resources.ts'
