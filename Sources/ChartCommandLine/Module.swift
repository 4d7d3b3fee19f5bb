// ChartCommandLine
