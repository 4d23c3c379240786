module github.com/glance-sdk/glance-go

go 1.19
