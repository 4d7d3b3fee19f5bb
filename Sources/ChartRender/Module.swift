// ChartRender
