// ChartLayout
