// ChartPipeline
