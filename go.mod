module mtld3d

go 1.26

require (
	github.com/ebitengine/purego v0.11.3
	github.com/klauspost/compress v1.20.4
	go.uber.org/zap v1.28.0
)

require go.uber.org/multierr v1.10.0 // indirect
